import { FOOT_NAME, type DistanceUnit } from '../../../lib/distance';
import { formatCoordinate } from '../../../lib/format';
import { toUtm } from '../../../lib/utm';
import type { BaseCorrection } from '@smi/contracts';
import type { Position } from '../rules/known-base';

/** How a known-base point was corrected, as the dialog and the map's status say it (issue 19). */
export const CORRECTION_TEXT: Record<Exclude<BaseCorrection, 'none'>, string> = {
  broadcast: 'Known base: corrected from the position the base broadcasts (RTCM 1005/1006).',
  'base-nmea': "Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position (metres of NMEA noise may be in it).",
};

const FEET_PER_METRE = 1 / 0.3048;

/** A height in the user's unit with millimetre (0.001 ft) resolution. */
const height = (metres: number, unit: DistanceUnit) => (unit === 'FEET' ? `${(metres * FEET_PER_METRE).toFixed(3)} ft` : `${metres.toFixed(3)} m`);

/**
 * The coordinate Save will store, exactly: latitude/longitude (known-base corrected when that mode is on), the UTM
 * easting/northing the exports will give it, and its height above mean sea level as the receiver reports it.
 */
export function StoredCoordinate({
  position,
  altitude,
  zoneFrom,
  unit,
  correction = null,
}: {
  position: Position;
  altitude: number | null;
  zoneFrom: Position | null;
  unit: DistanceUnit;
  correction?: BaseCorrection | null;
}) {
  const utm = toUtm(position, zoneFrom);
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 text-xs text-slate-600" data-testid="stored-coordinate">
      <p className="mb-1 font-semibold text-slate-800">Will be stored as</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 tabular-nums">
        <dt>Lat, Lon</dt>
        <dd className="font-semibold text-slate-800" data-testid="stored-latlon">
          {formatCoordinate(position.latitude)}, {formatCoordinate(position.longitude)}
        </dd>
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
