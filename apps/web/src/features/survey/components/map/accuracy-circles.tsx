import { Circle, Tooltip } from 'react-leaflet';
import { formatLength, type DistanceUnit } from '../../../../lib/distance';
import type { RoverView } from '../../survey-model';

/** A circle of the reported accuracy estimate around each live rover (when the settings say Show). */
export function AccuracyCircles({ rovers, unit }: { rovers: RoverView[]; unit: DistanceUnit }) {
  return (
    <>
      {rovers.map((r) =>
        r.position && r.live && r.accuracyMetres !== null ? (
          <Circle
            key={r.code}
            center={[r.position.latitude, r.position.longitude]}
            radius={Math.max(r.accuracyMetres, 0.01)}
            pathOptions={{ color: '#2563eb', weight: 1, fillColor: '#3b82f6', fillOpacity: 0.12, dashArray: '4 4' }}
          >
            <Tooltip direction="right">± {formatLength(r.accuracyMetres, unit)}</Tooltip>
          </Circle>
        ) : null,
      )}
    </>
  );
}
