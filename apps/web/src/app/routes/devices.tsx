import { Suspense, useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { useUser } from '../../features/auth/api/auth-state';
import { useConnectedDevices } from '../../features/devices/api/connected-devices';
import { useRegisteredDevices } from '../../features/devices/api/registered-devices';
import { useDeviceAlerts } from '../../features/devices/api/device-alerts';
import { mergeLive } from '../../features/devices/live-merge';
import { AlertsPanel } from '../../features/devices/components/alerts-panel';
import { ConnectedDevicesPanel } from '../../features/devices/components/connected-devices-panel';
import { RegisteredDevicesPanel } from '../../features/devices/components/registered-devices-panel';
import { LiveCanvas } from '../../features/devices/components/live-canvas';
import { useFeedStatus, useLiveReadings } from '../../lib/use-live';
import { useAlertsFollowLive } from '../../features/devices/hooks/use-alerts-follow-live';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { lazyNamed } from '../../lib/lazy-named';
import { useCan } from '../use-can';

// the map library is the largest part of this screen: the lists and the live canvas do not wait for it
const DeviceMap = lazyNamed(() => import('../../features/devices/components/device-map'), 'DeviceMap');

const mapLoading = (
  <Panel title="Device Map" bodyClassName="flex h-72 items-center justify-center sm:h-80">
    <Spinner label="Loading map" showLabel />
  </Panel>
);

export function DevicesPage() {
  const user = useUser();
  const can = useCan();
  const connected = useConnectedDevices(user.userId);
  const registered = useRegisteredDevices(user.userId);
  const alerts = useDeviceAlerts(user.userId);
  const codes = useMemo(() => connected.data?.map((d) => d.DeviceCode) ?? [], [connected.data]);
  const readings = useLiveReadings(codes);
  const feed = useFeedStatus();

  const devices = useMemo(() => connected.data?.map((d) => mergeLive(d, readings[d.DeviceCode])), [connected.data, readings]);
  const rovers = devices?.filter((d) => d.device.Type === 'rover') ?? [];
  const base = devices?.find((d) => d.device.Type === 'base') ?? null;
  useAlertsFollowLive(user.userId, devices);

  return (
    <>
      <PageHeader title="Devices" subtitle="Track all your devices here" />
      <div className="grid gap-6 xl:grid-cols-2">
        <Suspense fallback={mapLoading}>
          <DeviceMap rovers={rovers} base={base} />
        </Suspense>
        <AlertsPanel alerts={alerts.data} loading={alerts.isPending} failed={alerts.isError} />
      </div>
      <div className="mt-6 space-y-6">
        <ConnectedDevicesPanel can={can} userId={user.userId} devices={devices} loading={connected.isPending} failed={connected.isError} />
        <LiveCanvas rovers={rovers} base={base} feedText={feed.text} />
        <RegisteredDevicesPanel devices={registered.data} loading={registered.isPending} failed={registered.isError} />
      </div>
    </>
  );
}
