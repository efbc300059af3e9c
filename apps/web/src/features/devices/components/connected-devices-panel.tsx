import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { Panel } from '../../../components/panel';
import { Table } from '../../../components/table';
import { Badge } from '../../../components/badge';
import { CenteredSpinner } from '../../../components/spinner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { statusTone } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { Can } from '../../../lib/can';
import { deviceEndpoints } from '@smi/contracts';
import { connectDevice } from '../api/connect-device';
import { useRemoveDevice } from '../api/remove-device';
import { useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../api/keys';
import type { LiveDevice } from '../live-merge';
import { ConnectDeviceForm } from './connect-device-form';
import { DeviceTypeLabel } from './device-type';
import { LevelIcon } from './level-icon';

interface Props {
  userId: string;
  devices: LiveDevice[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The signed-in user's check: Register, Connect and Remove are drawn only for a role that may use them. */
  can: Can;
}

const statusWord = (s: string) => (s === 'online' ? 'Online' : s === 'offline' ? 'Offline' : s.charAt(0).toUpperCase() + s.slice(1));

export function ConnectedDevicesPanel({ userId, devices, loading, failed, can }: Props) {
  const mayRegister = can(deviceEndpoints.registerDevice);
  const mayConnect = can(deviceEndpoints.addDevice);
  const mayRemove = can(deviceEndpoints.removeDevice);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useRemoveDevice(userId);
  const [removing, setRemoving] = useState<LiveDevice | null>(null);
  const [removeError, setRemoveError] = useState('');

  const connect = async (code: string) => {
    try {
      return await connectDevice(userId, code);
    } finally {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError('');
    try {
      const reply = await remove.mutateAsync(removing.device._id);
      toast.success(reply.message ?? 'Device removed successfully!');
    } catch (err) {
      setRemoveError(errorMessage(err, 'Failed to delete device'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Panel
      title="Connected Devices"
      bodyClassName=""
      action={
        mayRegister && (
          <Link to={paths.registerDevice(userId)} className="btn-primary">
            <Plus aria-hidden="true" className="h-5 w-5" />
            Register New Device
          </Link>
        )
      }
    >
      <div className="border-b border-slate-100 px-4 pt-4 sm:px-5">
        {mayConnect && <ConnectDeviceForm connect={connect} />}
        {removeError && (
          <p role="alert" className="error-box mb-3">
            {removeError}
          </p>
        )}
      </div>
      {loading ? (
        <CenteredSpinner label="Loading devices" />
      ) : failed ? (
        <p className="p-6 text-center text-sm text-red-700">Failed to load connected devices</p>
      ) : (
        <Table<LiveDevice>
          caption="Connected devices"
          rows={devices ?? []}
          rowKey={(d) => d.device._id}
          onRowClick={(d) => navigate(paths.device(d.device._id))}
          rowLabel={(d) => `Open device ${d.device.Name}`}
          empty="No devices connected yet."
          columns={[
            {
              header: 'Device ID',
              cell: (d) => (
                <span className="block min-w-0">
                  <span className="block font-medium text-slate-900">{d.device.Name}</span>
                  <span className="block font-mono text-xs text-slate-500">{d.device.DeviceCode}</span>
                </span>
              ),
            },
            { header: 'Type', cell: (d) => <DeviceTypeLabel type={d.device.Type} />, hideOnPhone: true },
            { header: 'Battery', cell: (d) => <LevelIcon kind="battery" value={d.battery} />, hideOnPhone: true },
            { header: 'Signal', cell: (d) => <LevelIcon kind="signal" value={d.signal} />, hideOnPhone: true },
            { header: 'Status', cell: (d) => <Badge tone={statusTone(d.status)}>{statusWord(d.status)}</Badge> },
            {
              header: 'Actions',
              className: 'text-right',
              cell: (d) =>
                mayRemove && (
                  <button
                    type="button"
                    className="icon-btn text-red-600 hover:bg-red-50 hover:text-red-700"
                    aria-label={`Remove ${d.device.Name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setRemoving(d);
                    }}
                    onKeyDown={(e) => e.stopPropagation()}
                  >
                    <Trash2 aria-hidden="true" className="h-5 w-5" />
                  </button>
                ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove device"
        message="Remove this device from your account? This action cannot be undone."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  );
}
