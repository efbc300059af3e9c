import { execFileSync } from 'node:child_process';

/**
 * PROJ as the tests' reference (never our own code): cs2cs for grid coordinates, cct vgridshift for geoid heights.
 * PROJ_NETWORK off: a test never fetches a grid; EGM96 comes from Debian's proj-data.
 */
const env = { ...process.env, PROJ_NETWORK: 'OFF' };

/** WGS 84 longitude/latitude -> an EPSG CRS's easting, northing (PROJ picks the operation; axes as EPSG orders them). */
export function cs2csEpsg(code: number, points: { latitude: number; longitude: number }[]): number[][] {
  const out = execFileSync('cs2cs', ['-f', '%.9f', 'EPSG:4326', `EPSG:${code}`], { input: points.map((p) => `${p.latitude} ${p.longitude}\n`).join(''), env }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}

/** H = h - N of EGM96 at each point, metres (PROJ-data's egm96_15.gtx). */
export function egm96Heights(points: { latitude: number; longitude: number; h: number }[]): number[] {
  const out = execFileSync('cct', ['-d', '6', '+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'], {
    input: points.map((p) => `${p.longitude} ${p.latitude} ${p.h}\n`).join(''),
    env,
  }).toString();
  return out.trim().split('\n').map((l) => Number(l.trim().split(/\s+/)[2]));
}

/** cct on lines of input with the given operation, every output line as numbers. */
export function cct(args: string[], lines: string[]): number[][] {
  const out = execFileSync('cct', ['-d', '6', ...args], { input: lines.join('\n') + '\n', env }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}
