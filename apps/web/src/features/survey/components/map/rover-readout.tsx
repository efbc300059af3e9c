import { formatPrecision, type DistanceUnit } from '../../../../lib/distance';
import type { AntennaSetupInput } from '@smi/contracts';
import { withUnit } from '../../../../lib/grid';
import { useRecordPreview, type RoverReading } from '../../api/record-preview';
import type { RoverView } from '../../survey-model';

/**
 * Where the rover is now in the job's grid: northing, easting and height as a point recorded now with the project's
 * antenna would get them (the server's record preview: the base setup in force, the antenna, the project's CRS or
 * its default). Only a live rover is read out: an old position is not "now".
 */
export function RoverReadout({ rover, projectId, reading, antenna, unit }: { rover: RoverView; projectId: string; reading: RoverReading | null; antenna: AntennaSetupInput; unit: DistanceUnit }) {
  const preview = useRecordPreview(projectId, reading ?? { latitude: 0, longitude: 0, altitude: null, geoidSeparation: null }, reading ? antenna : null);
  if (!rover.live || !rover.position || !reading) return null;
  const frame = preview.data?.frame ?? null;
  const c = preview.data?.coordinate ?? null;
  if (!frame || !c) return null;
  const rows: [string, string][] = [
    ['N', withUnit(c.northing, frame)],
    ['E', withUnit(c.easting, frame)],
    ['H', c.height !== null ? `${c.height.toFixed(3)} ${frame.heightUnitSymbol}` : '–'],
  ];
  return (
    <div
      className="pointer-events-auto rounded-lg border border-slate-200 bg-white/95 px-2.5 py-1.5 text-xs shadow tabular-nums text-slate-900"
      data-testid="rover-readout"
      aria-label={`${rover.name} now`}
      role="group"
      title={`${frame.crsLabel}; heights ${frame.heightName}`}
    >
      <p className="max-w-40 truncate font-semibold">{rover.name}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="font-semibold">{v}</dd>
          </div>
        ))}
      </dl>
      {typeof rover.accuracyMetres === 'number' && <p className="text-slate-600">± {formatPrecision(rover.accuracyMetres, unit)}</p>}
    </div>
  );
}
