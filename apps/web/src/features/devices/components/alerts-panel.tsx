import { CheckCircle2 } from 'lucide-react';
import type { DeviceAlertView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { Table } from '../../../components/table';
import { Badge } from '../../../components/badge';
import { CenteredSpinner } from '../../../components/spinner';
import { formatDay, type Tone } from '../../../lib/format';
import { DeviceTypeLabel } from './device-type';

const ALERT_LABEL: Record<DeviceAlertView['Alerts'][number]['type'], { text: string; tone: Tone }> = {
  offline: { text: 'Offline', tone: 'red' },
  'low-battery': { text: 'Low battery', tone: 'yellow' },
  'weak-signal': { text: 'Weak signal', tone: 'yellow' },
};

export function AlertsPanel({ alerts, loading, failed }: { alerts: DeviceAlertView[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <Panel title="Alerts" bodyClassName="">
      {loading ? (
        <CenteredSpinner label="Loading alerts" />
      ) : failed ? (
        <p role="alert" className="p-6 text-center text-sm text-red-700">
          Failed to load alerts
        </p>
      ) : !alerts?.length ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <CheckCircle2 aria-hidden="true" className="h-10 w-10 text-emerald-500" />
          <p className="font-semibold text-slate-900">All Clear!</p>
          <p className="text-sm text-slate-500">Congratulations! You have no alerts at this time</p>
        </div>
      ) : (
        <Table<DeviceAlertView>
          caption="Device alerts"
          rows={alerts}
          rowKey={(d) => d._id}
          columns={[
            {
              header: 'Device',
              cell: (d) => (
                <span className="block">
                  <span className="block font-medium text-slate-900">{d.Name}</span>
                  <DeviceTypeLabel type={d.Type} />
                </span>
              ),
            },
            {
              header: 'Status',
              cell: (d) => (
                <span className="flex flex-wrap gap-1">
                  {d.Alerts.map((a) => (
                    <Badge key={a.type} tone={ALERT_LABEL[a.type].tone}>
                      {ALERT_LABEL[a.type].text}
                    </Badge>
                  ))}
                </span>
              ),
            },
            { header: 'Code', cell: (d) => <span className="font-mono text-xs">{d.DeviceCode}</span>, hideOnPhone: true },
            {
              header: 'Details',
              hideOnPhone: true,
              cell: (d) => (
                <span className="block text-slate-600">
                  <span className="block">{d.Details}</span>
                  <span className="block text-xs text-slate-500">Registered {formatDay(d.Registered_Date)}</span>
                </span>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}
