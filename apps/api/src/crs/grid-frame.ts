import type { GridCoordinate, GridFrame } from '@smi/contracts';
import type { ProjectCoordinates } from '@smi/geodesy';
import type { ProjectGeodesy } from './project-geodesy.js';

/** The CRS, unit and height reference grid coordinates are given in, as every screen names them. */
export function gridFrameOf(g: ProjectGeodesy): GridFrame {
  return { ...g.labels };
}

// the exports' resolution: what a screen shows is what the csv holds
const mm = (v: number) => Math.round(v * 1000) / 1000;
export function rounded(c: ProjectCoordinates | null, g: ProjectGeodesy): GridCoordinate | null {
  if (!c) return null;
  const r = g.transform.unit === 'degree' ? (v: number) => Math.round(v * 1e9) / 1e9 : mm;
  return { easting: r(c.easting), northing: r(c.northing), height: c.height === null ? null : mm(c.height) };
}
