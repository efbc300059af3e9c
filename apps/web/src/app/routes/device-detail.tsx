import { DetailList } from '../../components/detail-list';
import { useParams } from 'react-router-dom';
import { Navigation, RadioTower, Trash2 } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { CenteredSpinner } from '../../components/spinner';
import { Badge } from '../../components/badge';
import { useDevice } from '../../features/devices/api/get-device';
import { mergeLive } from '../../features/devices/live-merge';
import { LevelIcon } from '../../features/devices/components/level-icon';
import { DeviceArt } from '../../features/devices/components/device-art';
import { DeviceCredentials } from '../../features/devices/components/device-credentials';
import { DeviceNtripPassword } from '../../features/devices/components/device-ntrip-password';
import { BaseRtcmPanel } from '../../features/devices/components/base-rtcm-panel';
import { CorrectionsClients } from '../../components/corrections-clients';
import { deviceDetailTone, formatDate, fromNow } from '../../lib/format';
import { useLiveReadings } from '../../lib/use-live';
import { deviceCredentialEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function DeviceDetailPage() {
  const { deviceId = '' } = useParams();
  const query = useDevice(deviceId);
  const can = useCan();
  const device = query.data;
  const readings = useLiveReadings(device ? [device.DeviceCode] : []);

  if (query.isPending) return <CenteredSpinner label="Loading device" />;
  if (query.isError || !device) {
    return (
      <>
        <PageHeader title="Device" back />
        <p role="alert" className="error-box">
          Failed to load device
        </p>
      </>
    );
  }

  const live = mergeLive(device, readings[device.DeviceCode]);
  const lastReading = readings[device.DeviceCode]?.at(-1);
  const status = lastReading ? cap(lastReading.status) : device.Status ? 'Online' : 'Offline';
  const lastUpdate = lastReading?.timestamp ?? device.Last_Update;
  const Icon = device.Type === 'base' ? RadioTower : Navigation;

  const rows: Array<[string, React.ReactNode]> = [
    ['Device Code', <span className="font-mono">{device.DeviceCode}</span>],
    ['Name', device.Name],
    ['Type', <span className="capitalize">{device.Type}</span>],
    ['Status', <Badge tone={deviceDetailTone(status)}>{status}</Badge>],
    ['Battery', <LevelIcon kind="battery" value={live.battery} />],
    ['Signal', <LevelIcon kind="signal" value={live.signal} />],
    ['Registered', formatDate(device.Registered_Date)],
    ['Last Update', lastUpdate ? <time dateTime={lastUpdate}>{fromNow(lastUpdate)}</time> : 'N/A'],
    ['Registered User ID', <span className="font-mono text-xs break-all">{device.Registered_User_Id}</span>],
  ];

  return (
    <>
      <PageHeader title={device.Name} subtitle={`Device Code: ${device.DeviceCode}`} back />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Panel
            title={
              <span className="flex items-center gap-2">
                <Icon aria-hidden="true" className={`h-5 w-5 ${device.Type === 'base' ? 'text-slate-500' : 'text-blue-600'}`} />
                Overview
              </span>
            }
          >
            <DetailList rows={rows} className="gap-y-4" />
          </Panel>
          {device.Type === 'base' && <BaseRtcmPanel deviceId={device._id} />}
          <Panel title={device.Type === 'base' ? 'Receiving corrections' : 'Corrections received'}>
            <CorrectionsClients of={{ device: device._id }} emptyText={device.Type === 'base' ? undefined : 'Not receiving corrections now'} />
          </Panel>
          {/* the device's secrets are handed out to the workspace's admins and owner only */}
          {can(deviceCredentialEndpoints.newDeviceSecret) && <DeviceCredentials deviceId={device._id} deviceCode={device.DeviceCode} claimed={device.Claimed} />}
          {device.Claimed && can(deviceCredentialEndpoints.newDeviceNtripPassword) && <DeviceNtripPassword deviceId={device._id} deviceCode={device.DeviceCode} type={device.Type} />}
        </div>
        <Panel title="Actions" className="lg:self-start">
          <div className="flex justify-center rounded-lg bg-slate-50 py-4">
            <DeviceArt type={device.Type} />
          </div>
          <button type="button" className="btn mt-4 w-full border border-red-200 text-red-700" disabled aria-describedby="delete-note">
            <Trash2 aria-hidden="true" className="h-5 w-5" />
            Delete Device
          </button>
          <p id="delete-note" className="mt-2 text-xs text-slate-500">
            Deleting a registration is not available. To stop using this device, remove it from Connected Devices on the Devices screen.
          </p>
        </Panel>
      </div>
    </>
  );
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
