import { blockingText, rejectText, type OccupationView } from '@smi/contracts';
import { FixQuality } from '../../../components/fix-quality';
import { formatPrecision, type DistanceUnit } from '../../../lib/distance';

/** How far the occupation is towards its epochs and its time, 0..1 (the smaller of the two; 1 once done). */
export function completion(o: OccupationView): number {
  if (o.Status === 'done') return 1;
  const t = o.Tolerances;
  const byEpochs = t.minEpochs > 0 ? o.Progress.epochsUsed / t.minEpochs : 1;
  const bySeconds = t.minSeconds > 0 ? o.Progress.occupiedS / t.minSeconds : 1;
  return Math.max(0, Math.min(1, byEpochs, bySeconds));
}

/**
 * The server's reason. It is in words (decision 043); a row stored before that has a gate code in it ("paused over
 * 60 s: not-fixed"), put in words here.
 */
export function failureText(o: OccupationView): string {
  if (!o.Reason) return 'the measurement failed';
  const m = /^(.*): ([a-z-]+)$/.exec(o.Reason);
  return m ? `${m[1]}: ${rejectText(m[2]!, o.Tolerances)}` : o.Reason;
}

const STATUS_WORDS: Record<OccupationView['Status'], string> = {
  running: 'Measuring',
  paused: 'Paused',
  done: 'Recorded',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

const RING = 2 * Math.PI * 26;

/**
 * An occupation's progress (decision 028): a ring towards its epochs and time, the epochs used and rejected (with why),
 * the time, the current sigma H / V and the fix; while paused, what pauses it; when failed, why.
 */
export function OccupationProgress({ occupation: o, unit }: { occupation: OccupationView; unit: DistanceUnit }) {
  const p = o.Progress;
  const t = o.Tolerances;
  const share = completion(o);
  const paused = o.Status === 'paused' || (o.Status === 'running' && p.pausedBy !== null);
  const ringColour = o.Status === 'failed' ? 'stroke-red-600' : paused || p.waitingFor.some((w) => w.startsWith('sigma')) ? 'stroke-amber-500' : 'stroke-emerald-600';
  const rejected = Object.entries(p.rejectedReasons).filter(([, n]) => n > 0);
  const len = (m: number | null) => (m === null ? '–' : formatPrecision(m, unit));
  // what keeps it from finishing now (a gate pausing the count, a sigma over its limit), in words with its figures
  const blocking = o.Status === 'running' || o.Status === 'paused' ? blockingText(p, t, (m) => formatPrecision(m, unit)) : null;
  return (
    <div className="flex flex-col gap-3" data-testid="occupation-progress" data-status={o.Status}>
      <div className="flex items-center gap-4">
        <svg viewBox="0 0 64 64" className="h-20 w-20 shrink-0 -rotate-90" role="progressbar" aria-label="Occupation progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
          <circle cx="32" cy="32" r="26" className="fill-none stroke-slate-200" strokeWidth="8" />
          <circle cx="32" cy="32" r="26" className={`fill-none ${ringColour} transition-[stroke-dashoffset]`} strokeWidth="8" strokeLinecap="round" strokeDasharray={RING} strokeDashoffset={RING * (1 - share)} />
        </svg>
        <div className="min-w-0 text-sm">
          <p className="text-base font-bold text-slate-900" data-testid="occupation-status">
            {STATUS_WORDS[o.Status]} · {o.Method}
          </p>
          <p className="tabular-nums text-slate-700" data-testid="occupation-epochs">
            <span className="font-semibold text-slate-900">{p.epochsUsed}</span>
            {o.Method !== 'continuous' && ` of ${t.minEpochs}`} epochs used · {p.epochsRejected} rejected
          </p>
          <p className="tabular-nums text-slate-700" data-testid="occupation-time">
            {p.occupiedS.toFixed(0)}
            {t.minSeconds > 0 && ` of ${t.minSeconds}`} s counted · {p.elapsedS.toFixed(0)} s elapsed
          </p>
          {o.Method === 'continuous' && <p className="text-slate-700">{p.points} points stored</p>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <dt className="text-slate-600">σH</dt>
        <dd className="font-semibold tabular-nums text-slate-900" data-testid="occupation-sigma-h">
          {len(p.sigmaH)} {t.sigmaH !== null && <span className="font-normal text-slate-500">(limit {len(t.sigmaH)})</span>}
        </dd>
        <dt className="text-slate-600">σV</dt>
        <dd className="font-semibold tabular-nums text-slate-900" data-testid="occupation-sigma-v">
          {len(p.sigmaV)} {t.sigmaV !== null && <span className="font-normal text-slate-500">(limit {len(t.sigmaV)})</span>}
        </dd>
        <dt className="text-slate-600">Fix</dt>
        <dd>
          <FixQuality fixType={p.fix} estimateMetres={null} unit={unit} />
        </dd>
      </dl>
      {blocking && (
        <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950" data-testid={paused ? 'occupation-paused' : 'occupation-blocking'}>
          {paused ? 'Paused: ' : 'Waiting: '}
          {blocking}
        </p>
      )}
      {o.Status === 'failed' && (
        <p role="alert" className="error-box" data-testid="occupation-failed">
          Not recorded: {failureText(o)}
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="text-xs text-slate-600" aria-label="Rejected epochs">
          {rejected.map(([reason, n]) => (
            <li key={reason}>
              {rejectText(reason, t, (m) => formatPrecision(m, unit))}: {n}
            </li>
          ))}
        </ul>
      )}
      {p.warnings.length > 0 && <p className="text-xs text-amber-800">Warnings: {p.warnings.join(', ')}</p>}
    </div>
  );
}
