import { QualityHeadline, TimingGrade, type LiveState } from '../../../components/position-quality';
import type { DistanceUnit } from '../../../lib/distance';
import type { RecordSample } from '../survey-model';

/** Whether the sample is live: its rover's fix is fresh, old (its age), or unknown (this phone is offline). */
export function sampleState(sample: RecordSample): LiveState {
  if (sample.notReady === 'offline') return { kind: 'offline' };
  if (sample.notReady === 'stale-fix') return { kind: 'stale', ageMs: sample.fixAgeMs };
  return { kind: 'live' };
}

/**
 * The Record dialog's summary of the rover: the headline is the fix type and its ± in the fix's colour (or that the
 * fix is stale, or this phone offline); the spec's accuracy line, the rover/base timing grade, under it; then what
 * the receiver says, greyed when it is not live.
 */
export function SampleSummary({ sample, unit }: { sample: RecordSample; unit: DistanceUnit }) {
  const state = sampleState(sample);
  const facts = [
    sample.satellites !== null && ['Satellites', String(sample.satellites)],
    sample.hdop !== null && ['HDOP', sample.hdop.toFixed(1)],
  ].filter(Boolean) as [string, string][];
  const live = state.kind === 'live';
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm" data-testid="sample-summary" data-live={live}>
      <QualityHeadline fixType={sample.fixType} estimateMetres={sample.accuracyMetres} unit={unit} state={state} />
      <div className="mt-1">
        <TimingGrade grade={sample.accuracy} gapMs={sample.gapMs} state={state} />
      </div>
      {facts.length > 0 && state.kind !== 'offline' && (
        <dl className={`mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs ${live ? 'text-slate-600' : 'text-slate-500'}`}>
          {facts.map(([k, v]) => (
            <div key={k} className="flex gap-1">
              <dt>{k}</dt>
              <dd className={live ? 'font-semibold text-slate-800' : 'text-slate-500'}>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
