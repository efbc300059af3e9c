import { formatPrecision, type DistanceUnit } from '../../../../lib/distance';
import { useLiveGrid, withUnit } from '../../../../lib/grid';
import { toUtm } from '../../../../lib/utm';
import type { RoverView } from '../../survey-model';

/**
 * Where the rover is now in the job's grid: northing, easting and height as a point recorded now would get them
 * (the project's CRS through the API, as the exports compute it; UTM and the receiver's height without one). Only
 * a live rover is read out: an old position is not "now".
 */
export function RoverReadout({ rover, projectId, ellipsoidalHeight, altitude, unit }: { rover: RoverView; projectId: string; ellipsoidalHeight: number | null; altitude: number | null; unit: DistanceUnit }) {
  const at = rover.position ?? { latitude: 0, longitude: 0 };
  const grid = useLiveGrid(projectId, at, ellipsoidalHeight);
  if (!rover.live || !rover.position) return null;
  const frame = grid.data?.frame ?? null;
  const c = grid.data?.coordinate ?? null;
  let rows: [string, string][];
  if (frame && c) {
    rows = [
      ['N', withUnit(c.northing, frame)],
      ['E', withUnit(c.easting, frame)],
      ['H', c.height !== null && c.height !== undefined ? `${c.height.toFixed(3)} ${frame.unitSymbol === '°' ? 'm' : frame.unitSymbol}` : '–'],
    ];
  } else {
    const utm = toUtm(rover.position, null);
    if (!utm) return null;
    rows = [
      ['N', `${utm.northing.toFixed(3)} m`],
      ['E', `${utm.easting.toFixed(3)} m`],
      ['H', altitude === null ? '–' : `${altitude.toFixed(3)} m MSL`],
    ];
  }
  return (
    <div
      className="pointer-events-auto rounded-lg border border-slate-200 bg-white/95 px-2.5 py-1.5 text-xs shadow tabular-nums text-slate-900"
      data-testid="rover-readout"
      aria-label={`${rover.name} now`}
      role="group"
      title={frame ? frame.crsLabel : `UTM zone ${toUtm(rover.position, null)?.zone ?? ''}`}
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
