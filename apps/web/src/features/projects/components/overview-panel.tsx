import { Badge } from '../../../components/badge';
import { Panel } from '../../../components/panel';
import { formatDate, fromNow } from '../../../lib/format';
import type { Project } from '../api/projects';
import { surveyStatus } from '../status-machine';

const TONE = { Active: 'blue', Paused: 'orange', Completed: 'green' } as const;

export function OverviewPanel({ project }: { project: Project }) {
  const status = surveyStatus(project.Status);
  const rows: [string, React.ReactNode][] = [
    ['Created On', formatDate(project.Created_On)],
    ['Last Modified', <time dateTime={project.Last_Modified}>{fromNow(project.Last_Modified)}</time>],
    ['Status', <Badge tone={TONE[status]}>{status}</Badge>],
    ['Number of Points', <span data-testid="point-count">{project.Total_Points}</span>],
    ['Base Station', project.BaseStationDevice ? `${project.BaseStationDevice.Name} - ${project.BaseStationDevice.DeviceCode}` : 'N/A'],
    ['Client Devices', project.ClientDevices.length ? project.ClientDevices.map((d) => d.Name).join(', ') : 'None'],
  ];
  return (
    <Panel title="Project Overview">
      <dl className="divide-y divide-slate-100">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-center justify-between gap-4 py-2.5 text-sm">
            <dt className="shrink-0 text-slate-500">{term}</dt>
            <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
