import { TriangleAlert } from 'lucide-react';
import { fixLabel, fixTone } from '../../../components/fix-quality';
import { headlineText, LIVE, type LiveState } from '../../../components/position-quality';
import { formatLength, formatPrecision, type DistanceUnit } from '../../../lib/distance';
import { formatAge } from '../../../lib/format';
import { toneSolid as SOLID } from '../../../lib/tone';
import { correctionAgeTone, type QualityAlert, type RoverQuality } from '../rules/quality';

export interface QualityRow {
  code: string;
  name: string;
  quality: RoverQuality;
  alerts: QualityAlert[];
  /** live, stale (the figures are the last fix's, greyed with its age), or unknown (this phone is offline) */
  state?: LiveState;
}

const ALERT_TEXT: Record<QualityAlert, (r: QualityRow) => string> = {
  'lost-fixed': (r) => `${r.name} lost RTK fixed${r.quality.fixType ? `: now ${fixLabel(r.quality.fixType)}` : ': no fresh fix'}`,
  'stale-corrections': (r) => `${r.name}: corrections ${r.quality.correctionAgeS!.toFixed(1)} s old`,
};

function Stat({ label, value, testId, old }: { label: string; value: string; testId: string; old: boolean }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium text-slate-600">{label}</span>{' '}
      <span className={`tabular-nums ${old ? 'font-medium text-slate-500' : 'font-bold text-slate-900'}`} data-testid={testId} data-old={old}>
        {value}
      </span>
    </span>
  );
}

/**
 * The live quality bar over the survey map (decision 028): per rover the fix type (coloured), satellites, PDOP, sigma
 * H / V from GST, correction age (green < 2 s, amber < 5 s, red from 5 s) and the baseline to the base; and, while
 * it holds, the alert for a lost RTK fix or stale corrections.
 */
export function QualityBar({ rows, unit }: { rows: QualityRow[]; unit: DistanceUnit }) {
  if (rows.length === 0) return null;
  const len = (m: number | null) => (m === null ? '–' : formatPrecision(m, unit));
  return (
    <div className="border-b border-slate-300 bg-white px-3 py-1.5 text-sm" data-testid="quality-bar" aria-label="Live quality" role="region">
      {rows.map((r) => {
        const q = r.quality;
        const state = r.state ?? LIVE;
        const old = state.kind !== 'live';
        const fix = state.kind === 'offline' ? 'red' : fixTone(q.fixType);
        const age = correctionAgeTone(q.correctionAgeS);
        return (
          <div key={r.code} data-testid={`quality-${r.code}`}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {rows.length > 1 && <span className="max-w-28 truncate font-semibold text-slate-900">{r.name}</span>}
              <span className={`rounded px-2 py-0.5 text-sm font-bold ${SOLID[fix]}`} data-testid="quality-fix" data-tone={fix}>
                {old ? headlineText(null, null, unit, state) : q.fixType ? fixLabel(q.fixType) : 'No fix'}
              </span>
              {old && state.kind === 'stale' && state.ageMs !== null && (
                <span className="text-xs font-medium text-slate-500" data-testid="quality-old">
                  last fix {formatAge(state.ageMs)} ago:
                </span>
              )}
              <Stat label="Sats" value={q.satellites === null ? '–' : String(q.satellites)} testId="quality-sats" old={old} />
              <Stat label="PDOP" value={q.pdop === null ? '–' : q.pdop.toFixed(1)} testId="quality-pdop" old={old} />
              <Stat label="σH" value={len(q.sigmaH)} testId="quality-sigma-h" old={old} />
              <Stat label="σV" value={len(q.sigmaV)} testId="quality-sigma-v" old={old} />
              <span className="whitespace-nowrap">
                <span className="font-medium text-slate-600">Age</span>{' '}
                <span className={`rounded px-1.5 py-0.5 font-bold tabular-nums ${SOLID[age]}`} data-testid="quality-age" data-tone={age}>
                  {q.correctionAgeS === null ? '–' : `${q.correctionAgeS.toFixed(1)} s`}
                </span>
              </span>
              <Stat label="Base" value={q.baselineM === null ? '–' : formatLength(q.baselineM, unit)} testId="quality-baseline" old={old} />
            </div>
            {r.alerts.length > 0 && (
              <p role="alert" className="mt-1 flex items-center gap-1.5 rounded bg-red-700 px-2 py-1 font-bold text-white" data-testid="quality-alert">
                <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
                {r.alerts.map((a) => ALERT_TEXT[a](r)).join(' · ')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
