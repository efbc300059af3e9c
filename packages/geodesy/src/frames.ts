import type { CrsEntry } from './catalogue.js';
import { ecefToGeodetic, geodeticToEcef, type Geodetic } from './ecef.js';

/**
 * The frame RTK positions come in: the frame of the base's coordinates (declared per base setup). PROJ relates
 * WGS 84, ETRS89 and NAD83(2011) by null transformations (their bound CRSs carry +towgs84=0), so a position in any of
 * the three reaches a CRS the same way; the ITRFs are related to the plate-fixed frames by time-dependent Helmerts,
 * applied at the position's epoch (about 2.5 cm a year in Europe, over a metre in the US by now).
 */
export const FRAMES = ['WGS84', 'ETRS89', 'NAD83(2011)', 'ITRF2014', 'ITRF2020'] as const;
export type Frame = (typeof FRAMES)[number];

export function isFrame(v: unknown): v is Frame {
  return typeof v === 'string' && (FRAMES as readonly string[]).includes(v);
}

/** A 15-parameter Helmert as PROJ's +proj=helmert writes it: metres, arc-seconds, ppm, and their rates per year. */
export interface Helmert {
  x: number;
  y: number;
  z: number;
  rx: number;
  ry: number;
  rz: number;
  s: number;
  dx: number;
  dy: number;
  dz: number;
  drx: number;
  dry: number;
  drz: number;
  ds: number;
  tEpoch: number;
  convention: 'position_vector' | 'coordinate_frame';
}

/** EPSG:8366 ITRF2014 to ETRF2014 (1), as PROJ 9.1 gives it. */
export const ITRF2014_TO_ETRF2014: Helmert = { x: 0, y: 0, z: 0, rx: 0, ry: 0, rz: 0, s: 0, dx: 0, dy: 0, dz: 0, drx: 8.5e-5, dry: 0.000531, drz: -0.00077, ds: 0, tEpoch: 1989, convention: 'position_vector' };
/** EPSG:7807 ITRF2014 to NAD83(2011) (1), as PROJ 9.1 gives it. */
export const ITRF2014_TO_NAD83_2011: Helmert = {
  x: 1.0053, y: -1.9092, z: -0.5416, rx: 0.0267814, ry: -0.0004203, rz: 0.0109321, s: 0.00037,
  dx: 0.0008, dy: -0.0006, dz: -0.0014, drx: 6.67e-5, dry: -0.0007574, drz: -5.13e-5, ds: -7e-5, tEpoch: 2010, convention: 'coordinate_frame',
};
/** EPSG:10???: ITRF2014 to ITRF2020 (1); its inverse takes ITRF2020 to ITRF2014 (PROJ's path from ITRF2020). */
export const ITRF2014_TO_ITRF2020: Helmert = { x: 0.0014, y: 0.0009, z: -0.0014, rx: 0, ry: 0, rz: 0, s: 0.00042, dx: 0, dy: 0.0001, dz: -0.0002, drx: 0, dry: 0, drz: 0, ds: 0, tEpoch: 2015, convention: 'position_vector' };

const ARCSEC = Math.PI / 180 / 3600;

/** Applies a Helmert (forward, or inverse) to an ECEF vector at a decimal-year epoch, linearised as PROJ does. */
export function applyHelmert(h: Helmert, [X, Y, Z]: [number, number, number], epoch: number, inverse = false): [number, number, number] {
  const dt = epoch - h.tEpoch;
  const tx = h.x + h.dx * dt;
  const ty = h.y + h.dy * dt;
  const tz = h.z + h.dz * dt;
  const sign = h.convention === 'position_vector' ? 1 : -1;
  const rx = sign * (h.rx + h.drx * dt) * ARCSEC;
  const ry = sign * (h.ry + h.dry * dt) * ARCSEC;
  const rz = sign * (h.rz + h.drz * dt) * ARCSEC;
  const k = 1 + (h.s + h.ds * dt) * 1e-6;
  if (!inverse) {
    return [tx + k * (X - rz * Y + ry * Z), ty + k * (rz * X + Y - rx * Z), tz + k * (-ry * X + rx * Y + Z)];
  }
  // the inverse PROJ applies: subtract the translation, divide the scale, the transposed rotation
  const u = (X - tx) / k;
  const v = (Y - ty) / k;
  const w = (Z - tz) / k;
  return [u + rz * v - ry * w, -rz * u + v + rx * w, ry * u - rx * v + w];
}

/** The plate-fixed frame a CRS's datum belongs to, when the ITRFs reach it by a time-dependent Helmert. */
export function plateFrameOf(crs: Pick<CrsEntry, 'name'>): 'ETRS89' | 'NAD83(2011)' | null {
  if (/^ETRS89\b/.test(crs.name)) return 'ETRS89';
  if (/^NAD83\(2011\)/.test(crs.name)) return 'NAD83(2011)';
  return null;
}

/** The steps from an ITRF to a plate-fixed frame, in PROJ's order: ITRF2020 goes through ITRF2014. */
export function frameSteps(from: Frame, to: 'ETRS89' | 'NAD83(2011)' | null): { helmert: Helmert; inverse: boolean }[] {
  if (!to || (from !== 'ITRF2014' && from !== 'ITRF2020')) return [];
  const steps = from === 'ITRF2020' ? [{ helmert: ITRF2014_TO_ITRF2020, inverse: true }] : [];
  steps.push({ helmert: to === 'ETRS89' ? ITRF2014_TO_ETRF2014 : ITRF2014_TO_NAD83_2011, inverse: false });
  return steps;
}

/** A date as a decimal year (the epoch of a time-dependent Helmert). */
export function decimalYear(d: Date): number {
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  return y + (d.getTime() - start) / (Date.UTC(y + 1, 0, 1) - start);
}

/**
 * A position in `from` expressed in the frame the CRS's datum is reached from: unchanged unless an ITRF position goes
 * to an ETRS89 or NAD83(2011) CRS, where the Helmert(s) are applied at the epoch (decimal year). Height too (metres).
 */
export function toCrsFrame(from: Frame, crs: Pick<CrsEntry, 'name'>, latitude: number, longitude: number, height: number, epoch: number): Geodetic {
  const steps = frameSteps(from, plateFrameOf(crs));
  if (!steps.length) return { latitude, longitude, height };
  let v = geodeticToEcef(latitude, longitude, height);
  for (const s of steps) v = applyHelmert(s.helmert, v, epoch, s.inverse);
  return ecefToGeodetic(...v);
}
