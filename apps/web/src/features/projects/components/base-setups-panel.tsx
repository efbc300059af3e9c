import type { BaseSetupView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { useBaseSetups } from '../../../lib/base-setups';

const SOURCE: Record<BaseSetupView['Source'], string> = { rtcm: 'Broadcast (RTCM)', 'auto-fix': 'Auto Fix average', known: 'Known position', control: 'Control point' };
const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The project's base setups, every version newest first (decision 023): where each put the base, from what, how many
 * points were measured from it, and which is in force. A correction or an undo adds a version; none is ever removed.
 */
export function BaseSetupsPanel({ projectId }: { projectId: string }) {
  const query = useBaseSetups(projectId);
  const setups = query.data ?? [];
  return (
    <Panel title="Base setups">
      {query.isPending ? (
        <p className="text-sm text-slate-500">Loading base setups...</p>
      ) : setups.length === 0 ? (
        <p className="text-sm text-slate-500">No base setup yet: one starts with the first point measured from the base.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100" aria-label="Base setup history">
          {setups.map((s) => (
            <li key={s._id} className="flex flex-col gap-0.5 py-2 text-sm">
              <span className="font-semibold text-slate-900">
                Version {s.Version} · {SOURCE[s.Source]}
                {s.Current && !s.EndedAt && <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">In force</span>}
              </span>
              <span className="tabular-nums text-slate-700">
                {s.Latitude.toFixed(8)}, {s.Longitude.toFixed(8)}, h {s.Height.toFixed(3)} m{s.AntennaHeight !== null ? ` · antenna ${s.AntennaHeight.toFixed(3)} m` : ''} · {s.Datum}
              </span>
              <span className="text-xs text-slate-500">
                {s.Points} point{s.Points === 1 ? '' : 's'} · from {when(s.StartedAt)}
                {s.EndedAt ? ` to ${when(s.EndedAt)}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
