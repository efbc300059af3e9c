import type { AccuracyLevel } from '@smi/contracts';
import { formatPrecision, type DistanceUnit } from '../lib/distance';
import { accuracyTone, formatAge } from '../lib/format';
import { toneText } from '../lib/tone';
import { fixLabel, fixTone } from './fix-quality';

/** Whether a position is live: a fresh fix, an old one (its age), or unknown because this phone lost its connection. */
export type LiveState = { kind: 'live' } | { kind: 'stale'; ageMs: number | null } | { kind: 'offline' };
export const LIVE: LiveState = { kind: 'live' };

export const PHONE_OFFLINE = 'This phone is offline';

/** The headline's words: the fix type and the receiver's ± ("RTK float ± 14.9 cm"), or why there is none now. */
export function headlineText(fixType: string | null | undefined, estimateMetres: number | null | undefined, unit: DistanceUnit, state: LiveState = LIVE): string {
  if (state.kind === 'offline') return PHONE_OFFLINE;
  if (state.kind === 'stale') return state.ageMs === null ? 'No live fix' : `Stale: no fix for ${formatAge(state.ageMs)}`;
  const estimate = typeof estimateMetres === 'number' ? ` ± ${formatPrecision(estimateMetres, unit)}` : '';
  return `${fixLabel(fixType)}${estimate}`;
}

/**
 * What a position is worth, first: the fix type and the measured precision in the fix's colour (only RTK fixed is
 * green), or, when the fix is old or this phone is offline, that, in its own colour; the last figures then follow
 * greyed with their age. The spec's Low/Medium/High goes under it (TimingGrade): it is not the position's accuracy.
 */
export function QualityHeadline({ fixType, estimateMetres, unit, state = LIVE }: { fixType: string | null | undefined; estimateMetres: number | null | undefined; unit: DistanceUnit; state?: LiveState }) {
  const tone = state.kind === 'offline' ? 'red' : state.kind === 'stale' ? 'grey' : fixTone(fixType);
  const last = state.kind !== 'live' && fixType ? headlineText(fixType, estimateMetres, unit) : null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="quality-headline" data-tone={tone}>
      <span className={`text-base font-bold ${toneText[tone]}`}>{headlineText(fixType, estimateMetres, unit, state)}</span>
      {last && (
        <span className="text-xs text-slate-500" data-testid="quality-last">
          last: {last}
          {state.kind === 'stale' && state.ageMs !== null && `, ${formatAge(state.ageMs)} ago`}
        </span>
      )}
    </p>
  );
}

/**
 * The spec's grade, labelled as what it measures: how close in time the rover's reading and the base's nearest one
 * are (over 2.5 s Low, over 1 s Medium, else High), in the spec's colours. Never the headline.
 */
export function TimingGrade({ grade, gapMs, state = LIVE }: { grade: AccuracyLevel | null | undefined; gapMs?: number | null; state?: LiveState }) {
  const live = state.kind === 'live';
  return (
    <p className="text-xs" data-testid="accuracy-line" title="How close in time the rover's reading and the base's nearest reading are: not how accurate the position is">
      <span className="text-slate-600">Rover/base timing: </span>
      <span className={`font-semibold ${live ? toneText[accuracyTone(grade)] : 'text-slate-500'}`} data-tone={live ? accuracyTone(grade) : 'grey'}>
        {grade ?? 'Unknown'}
      </span>
      {typeof gapMs === 'number' && <span className="text-slate-500"> · gap {(gapMs / 1000).toFixed(1)} s</span>}
    </p>
  );
}
