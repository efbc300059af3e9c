import { FIX_TYPE_LABELS } from '@smi/contracts';
import type { Tone } from '../lib/format';
import { formatLength, type DistanceUnit } from '../lib/distance';
import { toneBadge } from '../lib/tone';


/** Only an RTK-fixed solution is green: float amber, DGPS orange, anything less red, so none passes for fixed. */
export function fixTone(fixType: string | null | undefined): Tone {
  if (!fixType) return 'grey';
  if (fixType === 'rtk-fixed') return 'green';
  if (fixType === 'rtk-float') return 'yellow';
  if (fixType === 'dgps') return 'orange';
  return 'red';
}

/** Words for the receiver's fix types (the deliverables' own); a type this build does not know is shown as sent. */
export const fixLabel = (fixType: string | null | undefined) =>
  fixType ? ((FIX_TYPE_LABELS as Record<string, string>)[fixType] ?? fixType) : 'No fix type';

/**
 * The fix type (coloured pill) and the receiver's ± estimate: what a point or a live rover really is, shown beside
 * the Low/Medium/High accuracy grade (which is only the rover/base time gap; decision 018).
 */
export function FixQuality({ fixType, estimateMetres, unit }: { fixType: string | null | undefined; estimateMetres: number | null | undefined; unit: DistanceUnit }) {
  const tone = fixTone(fixType);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="fix-quality">
      <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${toneBadge[tone]}`} data-tone={tone}>
        {fixLabel(fixType)}
      </span>
      {typeof estimateMetres === 'number' && <span className="text-xs font-semibold tabular-nums text-slate-700">± {formatLength(estimateMetres, unit)}</span>}
    </span>
  );
}
