import type { DeviceView } from '@smi/contracts';
import { useNavigate } from 'react-router-dom';
import { Panel } from '../../../components/panel';
import { Table } from '../../../components/table';
import { CenteredSpinner } from '../../../components/spinner';
import { formatDay } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { DeviceTypeLabel } from './device-type';

export function RegisteredDevicesPanel({ devices, loading, failed }: { devices: DeviceView[] | undefined; loading: boolean; failed: boolean }) {
  const navigate = useNavigate();
  return (
    <Panel title="Registered Devices" bodyClassName="">
      {loading ? (
        <CenteredSpinner label="Loading registered devices" />
      ) : failed ? (
        <p role="alert" className="p-6 text-center text-sm text-red-700">
          Failed to fetch registered devices
        </p>
      ) : (
        <Table<DeviceView>
          caption="Registered devices"
          rows={devices ?? []}
          rowKey={(d) => d._id}
          onRowClick={(d) => navigate(paths.device(d._id))}
          rowLabel={(d) => `Open device ${d.Name}`}
          empty="You have no devices registered."
          columns={[
            { header: 'Device Name', cell: (d) => <span className="font-medium text-slate-900">{d.Name}</span> },
            { header: 'Type', cell: (d) => <DeviceTypeLabel type={d.Type} /> },
            { header: 'Device Code', cell: (d) => <span className="font-mono text-xs">{d.DeviceCode}</span> },
            { header: 'Registered Date', cell: (d) => formatDay(d.Registered_Date), hideOnPhone: true },
          ]}
        />
      )}
    </Panel>
  );
}
