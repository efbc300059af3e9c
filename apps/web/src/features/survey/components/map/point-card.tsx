import type { AccuracyLevel } from '@smi/contracts';
import { Badge } from '../../../../components/badge';
import { FixQuality } from '../../../../components/fix-quality';
import type { DistanceUnit } from '../../../../lib/distance';
import { accuracyTone } from '../../../../lib/format';

/** What the map knows of a recorded point: where it is and, for its card, how good it is. */
export interface MapPoint {
  _id: string;
  Name: string;
  Latitude: number;
  Longitude: number;
  Accuracy?: AccuracyLevel | null;
  FixType?: string | null;
  HorizontalAccuracy?: number | null;
  Altitude?: number | null;
  Section?: string;
  /** who recorded it, as the member was named then */
  RecordedBy?: { Id: string | null; Name: string };
}

const FEET_PER_METRE = 1 / 0.3048;
/** A height keeps its sign and millimetres (0.001 ft), as the Record dialog shows it. */
const height = (metres: number, unit: DistanceUnit) => (unit === 'FEET' ? `${(metres * FEET_PER_METRE).toFixed(3)} ft` : `${metres.toFixed(3)} m`);

/**
 * A recorded point's card on the map (its popup): the fix type (coloured, always written) and the receiver's ± when
 * the point was taken first, then the Low/Medium/High grade labelled as what it is, the rover/base timing
 * (decision 044): a float point never reads as just "High".
 */
export function PointCard({ point, unit }: { point: MapPoint; unit: DistanceUnit }) {
  return (
    <div className="min-w-44 text-slate-800" data-testid="point-card">
      <p className="text-sm font-semibold break-words">{point.Name || 'Unnamed Point'}</p>
      {point.Section && <p className="mb-2 text-xs text-slate-500">Section {point.Section}</p>}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">Fix</dt>
        <dd className="flex flex-col items-start gap-1">
          <FixQuality fixType={point.FixType} estimateMetres={point.HorizontalAccuracy} unit={unit} />
        </dd>
        <dt className="text-slate-500" title="How close in time the rover's and the base's readings were: not the point's accuracy">
          Timing
        </dt>
        <dd>
          <Badge tone={accuracyTone(point.Accuracy)}>{point.Accuracy ?? 'Unknown'}</Badge>
        </dd>
        <dt className="text-slate-500">Height</dt>
        <dd className="font-semibold tabular-nums">{typeof point.Altitude === 'number' ? `${height(point.Altitude, unit)} MSL` : 'not recorded'}</dd>
        <dt className="text-slate-500">By</dt>
        <dd className="break-words">{point.RecordedBy?.Name || 'not recorded'}</dd>
      </dl>
    </div>
  );
}
