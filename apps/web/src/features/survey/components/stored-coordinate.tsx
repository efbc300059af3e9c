import { FOOT_NAME, type DistanceUnit } from '../../../lib/distance';
import { formatCoordinate } from '../../../lib/format';
import { heightName, useLiveGrid, withUnit } from '../../../lib/grid';
import { toUtm } from '../../../lib/utm';
import type { BaseCorrection } from '@smi/contracts';
import type { Position } from '../rules/known-base';

/** How a known-base point was corrected, as the dialog and the map's status say it (decision 023). */
export const CORRECTION_TEXT: Record<Exclude<BaseCorrection, 'none'>, string> = {
  broadcast: 'Known base: corrected from the position the base broadcasts (RTCM 1005/1006).',
  'base-nmea': "Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position (metres of NMEA noise may be in it).",
};

const FEET_PER_METRE = 1 / 0.3048;

/** A height in the user's unit with millimetre (0.001 ft) resolution. */
const height = (metres: number, unit: DistanceUnit) => (unit === 'FEET' ? `${(metres * FEET_PER_METRE).toFixed(3)} ft` : `${metres.toFixed(3)} m`);

interface Props {
  position: Position;
  altitude: number | null;
  zoneFrom: Position | null;
  unit: DistanceUnit;
  /** The project: with a coordinate system set, the grid coordinate comes from the API (the exports' own numbers). */
  projectId?: string;
  /** h as it will be stored (MSL + the receiver's N): the grid height comes from it; null when N was not sent. */
  ellipsoidalHeight?: number | null;
  /** How the known base corrected it, said under the coordinate. */
  correction?: BaseCorrection | null;
}

/**
 * The coordinate Save will store, exactly: latitude/longitude (known-base corrected when that mode is on), the grid
 * easting/northing the exports will give it (the project's CRS, or UTM without one), and its height.
 */
export function StoredCoordinate(props: Props) {
  const { position, unit, correction = null } = props;
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 text-xs text-slate-600" data-testid="stored-coordinate">
      <p className="mb-1 font-semibold text-slate-800">Will be stored as</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 tabular-nums">
        <dt>Lat, Lon</dt>
        <dd className="font-semibold text-slate-800" data-testid="stored-latlon">
          {formatCoordinate(position.latitude)}, {formatCoordinate(position.longitude)}
        </dd>
        {props.projectId ? <ProjectGrid {...props} projectId={props.projectId} /> : <UtmRows {...props} />}
      </dl>
      {correction && correction !== 'none' && (
        <p
          className={`mt-1 ${correction === 'base-nmea' ? 'rounded bg-amber-50 px-1.5 py-1 font-medium text-amber-800' : 'text-slate-500'}`}
          role={correction === 'base-nmea' ? 'status' : undefined}
          data-testid="stored-correction"
        >
          {CORRECTION_TEXT[correction]}
        </p>
      )}
      {unit === 'FEET' && <p className="mt-1 text-slate-500">Feet: {FOOT_NAME}.</p>}
    </div>
  );
}

function UtmRows({ position, altitude, zoneFrom, unit }: Props) {
  const utm = toUtm(position, zoneFrom);
  return (
    <>
      {utm && (
        <>
          <dt>UTM {utm.zone}</dt>
          <dd className="font-semibold text-slate-800" data-testid="stored-utm">
            E {utm.easting.toFixed(3)} m, N {utm.northing.toFixed(3)} m
          </dd>
        </>
      )}
      <dt>Height</dt>
      <dd className="font-semibold text-slate-800" data-testid="stored-height">
        {altitude === null ? 'not reported' : `${height(altitude, unit)} above mean sea level`}
      </dd>
    </>
  );
}

/** The project's grid: the CRS and its unit named, the height with its reference (the geoid model) named. */
function ProjectGrid(props: Props & { projectId: string }) {
  const { position, altitude, ellipsoidalHeight = null, projectId } = props;
  const grid = useLiveGrid(projectId, position, ellipsoidalHeight);
  const frame = grid.data?.frame;
  if (!frame) return <UtmRows {...props} />;
  const c = grid.data?.coordinate;
  return (
    <>
      <dt>Grid</dt>
      <dd className="text-slate-700" data-testid="stored-crs">
        {frame.crsLabel} · {frame.unitLabel}
        {frame.calibrationVersion !== null && ` · calibration v${frame.calibrationVersion}`}
      </dd>
      <dt>E, N</dt>
      <dd className="font-semibold text-slate-800" data-testid="stored-grid">
        {c ? `E ${withUnit(c.easting, frame)}, N ${withUnit(c.northing, frame)}` : 'outside the coordinate system'}
      </dd>
      <dt>Height</dt>
      <dd className="font-semibold text-slate-800" data-testid="stored-height">
        {c?.height != null
          ? `${withUnit(c.height, { ...frame, unitSymbol: frame.unitSymbol === '°' ? 'm' : frame.unitSymbol })} ${heightName(frame)}`
          : altitude === null
            ? 'not reported'
            : `${height(altitude, props.unit)} above mean sea level (the receiver sent no geoid separation)`}
      </dd>
    </>
  );
}
