import type { CogoPointKind, CogoPointRef } from '@smi/contracts';
import { gridProjection, type GridProjection } from '@smi/design';
import { applyHorizontal, fromMetres, METRES_PER, toMetres, type LinearUnit } from '@smi/geodesy';
import { livePoints, type Queryable } from '@smi/db';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { AppError } from '../http/errors.js';

/** A point of the project as COGO works on it: grid metres of the project's coordinates, and its ellipsoidal height. */
export interface CogoPlaced {
  kind: CogoPointKind;
  id: string;
  name: string;
  e: number;
  n: number;
  /** elevation in the project's vertical reference, metres; null: none */
  h: number | null;
  /** WGS 84 ellipsoidal height, metres, for the elevation factor; null: not known */
  ellipsoidalHeight: number | null;
}

interface MeasuredRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  altitude: number | null;
  geoid_separation: number | null;
  recorded_at: Date;
  datum: string | null;
}

/**
 * The project's grid as COGO's projection (decision 077): the CRS transform followed by the site calibration's
 * Helmert (when the project has one), in metres. Grid coordinates are then the very numbers the project shows, and
 * the numerical point scale factor of @smi/design includes the calibration's scale.
 */
export function cogoProjection(g: ProjectGeodesy, unit: LinearUnit): GridProjection {
  const t = g.transform;
  const h = g.calibration?.horizontal ?? null;
  const det = h ? h.a * h.a + h.b * h.b : 1;
  return gridProjection(
    {
      forward: (lon, lat) => {
        const [x, y] = t.forward(lon, lat);
        if (!h) return [x, y];
        const c = applyHorizontal(h, x, y);
        return [c.easting, c.northing];
      },
      inverse: (e, n) => {
        if (!h) return t.inverse(e, n);
        // the Helmert undone: [x y] = [[a b] [-b a]] [E - tE, N - tN] / (a² + b²)
        const [de, dn] = [e - h.tE, n - h.tN];
        return t.inverse((h.a * de + h.b * dn) / det, (-h.b * de + h.a * dn) / det);
      },
    },
    METRES_PER[unit],
  );
}

/** WGS 84 ellipsoidal height of a design elevation: plus the geoid's undulation when heights are orthometric. */
function ellipsoidalOf(g: ProjectGeodesy, p: GridProjection, e: number, n: number, elevation: number | null): number | null {
  if (elevation === null) return null;
  if (!g.frame.geoid) return elevation;
  const [lon, lat] = p.toGeographic(e, n);
  try {
    return elevation + g.frame.geoid.undulation(lat, lon);
  } catch {
    return null; // outside the geoid model
  }
}

/**
 * Each reference as a placed point, checked as the project's: a design point through its project, a measured point
 * in the project's coordinates (the one computation, decision 039). A point of another project answers 404, as a
 * missing one; so does a measured point outside the CRS.
 */
export async function placeAll(db: Queryable, g: ProjectGeodesy, unit: LinearUnit, projectId: string, refs: CogoPointRef[]): Promise<CogoPlaced[]> {
  const projection = cogoProjection(g, unit);
  const designIds = [...new Set(refs.filter((r) => r.kind === 'design').map((r) => r.id))];
  const measuredIds = [...new Set(refs.filter((r) => r.kind === 'measured').map((r) => r.id))];
  const [design, measured] = await Promise.all([
    designIds.length ? db.query<{ id: string; name: string; easting: number; northing: number; elevation: number | null }>('SELECT id, name, easting, northing, elevation FROM design_points WHERE project_id = $1 AND id = ANY($2::uuid[])', [projectId, designIds]) : [],
    measuredIds.length
      ? db.query<MeasuredRow>(
          `SELECT p.id, p.name, p.latitude, p.longitude, p.ellipsoidal_height, p.altitude, p.geoid_separation, p.recorded_at,
                  (SELECT bs.datum FROM base_setups bs WHERE bs.id = p.base_setup_id) AS datum
             FROM ${livePoints('p')} WHERE p.project_id = $1 AND p.id = ANY($2::uuid[])`,
          [projectId, measuredIds],
        )
      : [],
  ]);
  const designById = new Map(design.map((d) => [d.id, d]));
  const measuredById = new Map(measured.map((m) => [m.id, m]));
  return refs.map((ref) => {
    if (ref.kind === 'design') {
      const d = designById.get(ref.id);
      if (!d) throw new AppError(404, 'Design point not found');
      return { kind: 'design', id: d.id, name: d.name, e: d.easting, n: d.northing, h: d.elevation, ellipsoidalHeight: ellipsoidalOf(g, projection, d.easting, d.northing, d.elevation) };
    }
    const m = measuredById.get(ref.id);
    const c = m && pointCoordinates(g, { latitude: m.latitude, longitude: m.longitude, ellipsoidalHeight: m.ellipsoidal_height, altitude: m.altitude, geoidSeparation: m.geoid_separation, datum: m.datum, recordedAt: m.recorded_at });
    if (!m || !c) throw new AppError(404, 'Point not found');
    return { kind: 'measured', id: m.id, name: m.name, e: toMetres(c.easting, unit), n: toMetres(c.northing, unit), h: c.height === null ? null : toMetres(c.height, unit), ellipsoidalHeight: c.ellipsoidalHeight };
  });
}

/** A placed point as the replies show it, in the project's unit. */
export function placedView(p: CogoPlaced, unit: LinearUnit) {
  return { kind: p.kind, id: p.id, name: p.name, easting: fromMetres(p.e, unit), northing: fromMetres(p.n, unit), elevation: p.h === null ? null : fromMetres(p.h, unit) };
}
