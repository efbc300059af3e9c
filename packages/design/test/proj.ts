import { execFileSync } from 'node:child_process';
import { crsTransform, GridStore } from '@smi/geodesy';
import { METRES_PER } from '@smi/geodesy/units';
import type { ToGrid } from '../src/types.js';

const env = { ...process.env, PROJ_DATA: '/usr/share/proj', PROJ_NETWORK: 'OFF' };

/** The product's conversion, as the API will give it to an import: @smi/geodesy's transform, in metres. */
export function toGridOf(code: number): ToGrid {
  const t = crsTransform(code, { grids: new GridStore('/usr/share/proj') });
  const m = METRES_PER[t.unit as keyof typeof METRES_PER];
  return (lat, lon, h) => {
    const [x, y] = t.forward(lon, lat);
    return { e: x * m, n: y * m, h };
  };
}

/** PROJ's cs2cs: WGS 84 latitude, longitude -> easting, northing of an EPSG CRS whose axes are easting first. */
export function cs2cs(code: number, points: [number, number][]): [number, number][] {
  const out = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4326', `EPSG:${code}`], { input: points.map(([lat, lon]) => `${lat} ${lon}`).join('\n') + '\n', env }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 2).map(Number) as [number, number]);
}
