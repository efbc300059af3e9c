import type { Recomputation } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { ecefDeltaToEnu, ecefToGeodetic, geodeticToEcef, type Vec3 } from '@smi/geodesy';
import { baseSetupsRepository, type BaseSetupRow, type NewSetup } from '@smi/base-setups';
import { writeAudit, type AuditActor } from '../audit/audit-log.js';

interface PointGeometry {
  id: string;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  geoid_separation: number | null;
  altitude: number | null;
}

/** The height a point's ECEF position is computed with: h, else MSL + N, else MSL, else the base's. */
export function heightOf(p: Omit<PointGeometry, 'id' | 'latitude' | 'longitude'>, fallback: number): number {
  if (p.ellipsoidal_height !== null) return p.ellipsoidal_height;
  if (p.altitude !== null) return p.altitude + (p.geoid_separation ?? 0);
  return fallback;
}

const signed = (v: number) => (v >= 0 ? '+' : '-') + Math.abs(v).toFixed(3);

export function recomputationMessage(points: number, e: number, n: number, u: number): string {
  return `${points} point${points === 1 ? '' : 's'} re-computed, shift dE ${signed(e)} m dN ${signed(n)} m dU ${signed(u)} m`;
}

export type SetupTarget = Pick<NewSetup, 'source' | 'x' | 'y' | 'z' | 'latitude' | 'longitude' | 'height' | 'antennaHeight' | 'datum' | 'sigmaH' | 'sigmaV'>;

/**
 * Puts a new version of a base setup in force and re-computes every point of the old version, in the caller's
 * transaction: each point's mark moves by the setup's ECEF shift (its vector from the base is unchanged), its
 * previous coordinates go to point_history, and it then belongs to the new version.
 */
export async function supersede(
  q: Queryable,
  old: BaseSetupRow,
  target: SetupTarget,
  o: { userId: string | null; reason: string; by: AuditActor },
): Promise<{ setup: BaseSetupRow; recomputed: Recomputation }> {
  const setup = await baseSetupsRepository.insert(q, {
    ...target,
    projectId: old.project_id,
    seriesId: old.series_id,
    version: old.version + 1,
    previousId: old.id,
    baseDeviceId: old.base_device_id,
    createdBy: o.userId,
  });
  await q.query('UPDATE base_setups SET current = false WHERE id = $1', [old.id]);
  const shift: Vec3 = [setup.x - old.x, setup.y - old.y, setup.z - old.z];
  // deleted points still restorable move with the live ones (a restored point is where its setup says), but only the
  // live ones are counted as moved (decision 072)
  const points = await q.query<PointGeometry & { deleted_at: Date | null }>(
    'SELECT id, latitude, longitude, ellipsoidal_height, geoid_separation, altitude, deleted_at FROM points /* with tombstones */ WHERE base_setup_id = $1 FOR UPDATE',
    [old.id],
  );
  const liveMoved = points.filter((p) => p.deleted_at === null).length;
  const cols = { id: [] as string[], lat: [] as number[], lon: [] as number[], h: [] as (number | null)[], alt: [] as (number | null)[] };
  for (const p of points) {
    const h = heightOf(p, old.height);
    const [x, y, z] = geodeticToEcef(p.latitude, p.longitude, h);
    const moved = ecefToGeodetic(x + shift[0], y + shift[1], z + shift[2]);
    cols.id.push(p.id);
    cols.lat.push(moved.latitude);
    cols.lon.push(moved.longitude);
    cols.h.push(p.ellipsoidal_height === null ? null : moved.height);
    cols.alt.push(p.altitude === null ? null : p.altitude + (moved.height - h));
  }
  if (points.length) {
    await q.query(
      `INSERT INTO point_history (point_id, changed_by, reason, from_setup_id, to_setup_id, old_latitude, old_longitude, old_height,
         old_altitude, new_latitude, new_longitude, new_height, new_altitude)
       SELECT p.id, $2, $3, $4, $5, p.latitude, p.longitude, p.ellipsoidal_height, p.altitude, n.lat, n.lon, n.h, n.alt
       FROM unnest($1::uuid[], $6::float8[], $7::float8[], $8::float8[], $9::float8[]) AS n(id, lat, lon, h, alt)
       JOIN points /* with tombstones */ p ON p.id = n.id`,
      [cols.id, o.userId, o.reason, old.id, setup.id, cols.lat, cols.lon, cols.h, cols.alt],
    );
    await q.query(
      `UPDATE points p SET latitude = n.lat, longitude = n.lon, ellipsoidal_height = n.h, altitude = n.alt, base_setup_id = $2
       FROM unnest($1::uuid[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]) AS n(id, lat, lon, h, alt) WHERE p.id = n.id`,
      [cols.id, setup.id, cols.lat, cols.lon, cols.h, cols.alt],
    );
  }
  // the occupations' raw epochs stay as measured (their vectors are from the base, not from the setup): they only
  // follow their points to the new version
  await q.query('UPDATE point_epochs SET base_setup_id = $2 WHERE base_setup_id = $1', [old.id, setup.id]);
  // the points list is cached by this revision
  await q.query('UPDATE projects SET last_modified = now(), points_revision = points_revision + 1 WHERE id = $1', [old.project_id]);
  const enu = ecefDeltaToEnu(old.latitude, old.longitude, shift);
  const coords = (r: BaseSetupRow) => ({ Version: r.version, Latitude: r.latitude, Longitude: r.longitude, Height: r.height, AntennaHeight: r.antenna_height, Datum: r.datum, Source: r.source });
  await writeAudit(q, o.by, {
    action: o.reason === 'undo' ? 'base-setup.undone' : 'base-setup.recomputed',
    objectKind: 'base-setup',
    objectId: setup.id,
    projectId: old.project_id,
    before: coords(old),
    after: { ...coords(setup), Reason: o.reason, Points: liveMoved, ShiftE: enu.e, ShiftN: enu.n, ShiftU: enu.u },
  });
  return {
    setup,
    recomputed: {
      Points: liveMoved,
      ShiftE: enu.e,
      ShiftN: enu.n,
      ShiftU: enu.u,
      Message: recomputationMessage(liveMoved, enu.e, enu.n, enu.u),
    },
  };
}

/** Setup coordinates from a latitude/longitude/height (WGS84), with the ECEF the vectors are added to. */
export function targetAt(latitude: number, longitude: number, height: number, rest: Omit<SetupTarget, 'x' | 'y' | 'z' | 'latitude' | 'longitude' | 'height'>): SetupTarget {
  const [x, y, z] = geodeticToEcef(latitude, longitude, height);
  return { ...rest, x, y, z, latitude, longitude, height };
}
