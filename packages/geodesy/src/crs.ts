import proj4 from 'proj4';
import { findCrs, type CrsEntry } from './catalogue.js';
import { loadDatumGrid, OutsideGridError, registerDatumGrid, type GridStore } from './grids.js';
import { isLinearUnit, type LinearUnit } from './units.js';

/** How a CRS's datum is reached from WGS 84 (the datum the corrections come in is declared per project). */
export type DatumShift = 'none' | 'helmert' | 'grid' | 'helmert-fallback';

export class CrsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrsError';
  }
}

export interface CrsTransform {
  crs: CrsEntry;
  /** The unit of the coordinates; "degree" for a geographic CRS. */
  unit: LinearUnit | 'degree';
  datumShift: DatumShift;
  /** The grid used (datumShift "grid") or bypassed (datumShift "helmert-fallback"). */
  grid: string | null;
  /**
   * WGS 84 longitude, latitude (degrees) and ellipsoidal height (metres, 0 when absent) -> easting, northing in the
   * CRS's unit (or longitude, latitude). The height matters to a 7-parameter shift: about 2 cm per km of height.
   */
  forward(longitude: number, latitude: number, height?: number): [number, number];
  /** The reverse of forward. */
  inverse(x: number, y: number): [number, number];
}

export interface CrsOptions {
  grids: GridStore;
  /**
   * Use the +towgs84 7-parameter shift instead of the CRS's grid: only as an explicit choice, flagged in
   * datumShift ("helmert-fallback"), because it can be metres off where the grid is the definition.
   */
  helmertFallback?: boolean;
}

const WGS84_COMPATIBLE = /\+(datum=WGS84|ellps=WGS84|ellps=GRS80)\b/;
const TOWGS84 = /\s*\+towgs84=\S+/;

function shiftOf(proj: string): DatumShift | null {
  const m = /\+towgs84=(\S+)/.exec(proj);
  if (m) return (m[1] as string).split(',').every((v) => Number(v) === 0) ? 'none' : 'helmert';
  return WGS84_COMPATIBLE.test(proj) ? 'none' : null;
}

function unitOf(crs: CrsEntry): LinearUnit | 'degree' {
  if (crs.kind === 'geographic') return 'degree';
  if (isLinearUnit(crs.unit)) return crs.unit;
  throw new CrsError(`EPSG:${crs.code} is in ${crs.unit}: only metre, US survey foot and foot are supported`);
}

/**
 * Reads what crsTransform needs that cannot be read synchronously: the GeoTIFF form of the CRS's datum-shift grid
 * (de_adv_BETA2007.tif for BETA2007.gsb) when the grids folder has only that. Nothing to do for other CRSs.
 */
export async function loadCrsGrids(code: number, options: CrsOptions): Promise<void> {
  const grid = findCrs(code)?.grid;
  if (grid && !options.helmertFallback) await loadDatumGrid(options.grids, grid);
}

/**
 * A transformation WGS 84 -> an EPSG CRS of the catalogue. Where EPSG defines the datum by a shift grid, the grid is
 * read from the grids folder, as NTv2 (.gsb) or as PROJ-data's GeoTIFF (.tif, read first by loadCrsGrids); a missing
 * grid throws MissingGridError (never NaN, never a silent 7-parameter shift).
 */
export function crsTransform(code: number, options: CrsOptions): CrsTransform {
  const crs = findCrs(code);
  if (!crs) throw new CrsError(`EPSG:${code} is not a known projected or geographic CRS`);
  const unit = unitOf(crs);
  let proj = crs.proj4;
  let datumShift: DatumShift | null;
  if (crs.grid && !options.helmertFallback) {
    const key = registerDatumGrid(options.grids, crs.grid);
    proj = `${proj.replace(TOWGS84, '')} +nadgrids=@${key}`;
    datumShift = 'grid';
  } else {
    datumShift = shiftOf(proj);
    if (crs.grid && datumShift === 'helmert') datumShift = 'helmert-fallback';
  }
  if (!datumShift) throw new CrsError(`EPSG:${code} (${crs.name}) has no known datum shift to WGS 84`);
  const converter = proj4('WGS84', proj);
  const check = (run: () => number[] | undefined, what: string): [number, number] => {
    let out: number[] | undefined;
    try {
      out = run();
    } catch {
      out = undefined;
    }
    const [a, b] = (out ?? [NaN, NaN]) as [number, number];
    if (Number.isFinite(a) && Number.isFinite(b)) return [a, b];
    if (datumShift === 'grid') throw new OutsideGridError(crs.grid as string);
    throw new CrsError(`${what} cannot be expressed in EPSG:${code} (${crs.name})`);
  };
  return {
    crs,
    unit,
    datumShift,
    grid: crs.grid,
    forward: (longitude, latitude, height = 0) => check(() => converter.forward([longitude, latitude, height]), `${latitude}, ${longitude}`),
    inverse: (x, y) => check(() => converter.inverse([x, y]), `${x}, ${y}`),
  };
}
