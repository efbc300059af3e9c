import { FixQuality } from '../../../components/fix-quality';
import { accuracyTone } from '../../../lib/format';
import { toneText } from '../../../lib/tone';
import type { DistanceUnit } from '../../../lib/distance';
import type { RecordSample } from '../survey-model';

/** The accuracy line (coloured by level, always with its word) and what the rover says about its fix. */
export function SampleSummary({ sample, unit }: { sample: RecordSample; unit: DistanceUnit }) {
  const facts = [
    sample.satellites !== null && ['Satellites', String(sample.satellites)],
    sample.hdop !== null && ['HDOP', sample.hdop.toFixed(1)],
  ].filter(Boolean) as [string, string][];
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
      <p data-testid="accuracy-line">
        <span className="text-slate-600">Accuracy: </span>
        <span className={`font-semibold ${toneText[accuracyTone(sample.accuracy)]}`}>{sample.accuracy ?? 'Unknown'}</span>
        {sample.gapMs !== null && <span className="text-slate-500"> · base gap {(sample.gapMs / 1000).toFixed(1)} s</span>}
      </p>
      {/* the grade above is only the rover/base time gap; what the receiver says it is, beside it (decision 018) */}
      <div className="mt-1.5">
        <FixQuality fixType={sample.fixType} estimateMetres={sample.accuracyMetres} unit={unit} />
      </div>
      {facts.length > 0 && (
        <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {facts.map(([k, v]) => (
            <div key={k} className="flex gap-1">
              <dt>{k}</dt>
              <dd className="font-semibold text-slate-800">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
