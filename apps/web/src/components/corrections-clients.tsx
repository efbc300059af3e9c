import type { CorrectionsClient } from '@smi/contracts';
import { useCorrectionsClients, type ReceiversOf } from '../lib/corrections-clients';

// corrections older than this are of little use to an RTK rover: the age is shown as a warning
const STALE_S = 5;

export function correctionAge(ageS: number | null): string {
  return ageS === null ? 'nothing yet' : `${ageS.toFixed(1)} s`;
}

/** The rovers (and NTRIP credentials) receiving corrections now, with the age of what each last got. */
export function CorrectionsClients({ of, compact = false, emptyText = 'No rover is receiving corrections' }: { of: ReceiversOf; compact?: boolean; emptyText?: string }) {
  const q = useCorrectionsClients(of);
  const size = compact ? 'text-xs' : 'text-sm';
  if (q.isPending) return <p className={`${size} text-slate-500`}>Loading…</p>;
  if (q.isError) return <p className={`${size} text-red-700`}>Could not load who is connected</p>;
  if (!q.data.reporting) return <p className={`${size} text-slate-500`}>The MQTT gateway is not running</p>;
  if (!q.data.clients.length) return <p className={`${size} text-slate-500`}>{emptyText}</p>;
  return (
    <ul className={`divide-y divide-slate-100 ${compact ? 'max-h-40 overflow-y-auto text-xs' : 'text-sm'}`} aria-label="Receiving corrections">
      {q.data.clients.map((c) => (
        <ClientRow key={`${c.who}/${c.via}/${c.since}`} c={c} compact={compact} />
      ))}
    </ul>
  );
}

function ClientRow({ c, compact }: { c: CorrectionsClient; compact: boolean }) {
  const stale = c.ageS === null || c.ageS > STALE_S;
  return (
    <li className={`flex items-center justify-between gap-2 ${compact ? 'py-0.5' : 'py-1.5'}`}>
      <span className="min-w-0 truncate">
        <span className="font-medium text-slate-900">{c.name ?? c.who}</span>
        {c.name && !compact && <span className="ml-1 font-mono text-xs text-slate-500">{c.who}</span>}
      </span>
      <span className="flex shrink-0 items-center gap-2">
        <span className="rounded bg-slate-100 px-1 py-px text-[0.65rem] font-medium text-slate-600 uppercase">{c.via}</span>
        <span className={`tabular-nums ${stale ? 'text-amber-700' : 'text-emerald-700'}`} title="Age of the last corrections sent">
          {correctionAge(c.ageS)}
        </span>
      </span>
    </li>
  );
}
