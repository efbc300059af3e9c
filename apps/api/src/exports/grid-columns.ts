import { UNIT_SYMBOL, type LinearUnit } from '@smi/geodesy';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { Cell } from './columns.js';
import { ellipsoidalHeight } from './heights.js';
import type { ExportPoint } from './repository.js';

const round = (v: number, unit: string) => (unit === 'degree' ? Math.round(v * 1e9) / 1e9 : Math.round(v * 1000) / 1000);

/**
 * The columns csv and txt gain when the project has a CRS (after the spec's columns): grid easting, northing and
 * height, each header naming the CRS and the unit ("easting_epsg2236_ftus"), the height header its reference
 * ("height_egm96_ftus" or "height_ellipsoidal_m"), and "calibration" (the version applied, or empty).
 */
export function gridHeaders(g: ProjectGeodesy): string[] {
  const unit = g.transform.unit === 'degree' ? 'deg' : UNIT_SYMBOL[g.transform.unit as LinearUnit].toLowerCase();
  const hUnit = g.transform.unit === 'degree' ? 'm' : unit;
  const crs = `epsg${g.transform.crs.code}`;
  const height = g.geoid ? g.geoid.name.toLowerCase().replace(/\.(gtx|tiff?)$/, '').replace(/[^a-z0-9]+/g, '_') : 'ellipsoidal';
  return [`easting_${crs}_${unit}`, `northing_${crs}_${unit}`, `height_${height}_${hUnit}`, 'calibration'];
}

/**
 * A point's grid coordinate: every export and the web's grid coordinates come through here, so they agree. h is the
 * stored one, or MSL + the receiver's N (decision 017); the point's frame is its base setup's.
 */
export function pointGrid(g: ProjectGeodesy, p: Pick<ExportPoint, 'latitude' | 'longitude' | 'altitude' | 'ellipsoidalHeight' | 'geoidSeparation' | 'datum' | 'recordedAt'>) {
  return g.grid(p.latitude, p.longitude, ellipsoidalHeight(p), { datum: p.datum, at: p.recordedAt });
}

export function gridCells(g: ProjectGeodesy, p: ExportPoint): Cell[] {
  const c = pointGrid(g, p);
  const unit = g.transform.unit;
  return [
    c ? round(c.easting, unit) : null,
    c ? round(c.northing, unit) : null,
    c?.height == null ? null : Math.round(c.height * 1000) / 1000,
    g.calibration ? `v${g.calibration.version}` : null,
  ];
}
