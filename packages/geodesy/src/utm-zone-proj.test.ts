import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { crsTransform } from './crs.js';
import { GridStore } from './grids.js';
import { utmZoneOf } from './utm-zone.js';

/**
 * The UTM zone rule against PROJ: the zone chosen for a point is the WGS 84 / UTM CRS whose EPSG area of use (PROJ's
 * projinfo) holds it, on either side of each boundary; and the point's grid coordinate in that zone, as the product
 * projects it, is cs2cs's to 1 mm. The two exceptions of the UTM grid (south-west Norway, Svalbard) are not in the
 * EPSG areas: there the zone is the grid's definition and the coordinate is still PROJ's.
 */
const NO_GRIDS = new GridStore(null);
const PROJ_ENV = { ...process.env, PROJ_NETWORK: 'OFF' };

interface Area {
  west: number;
  east: number;
  south: number;
  north: number;
}
const areas = new Map<number, Area>();
function areaOfUse(epsg: number): Area {
  let a = areas.get(epsg);
  if (!a) {
    const json = JSON.parse(execFileSync('projinfo', [`EPSG:${epsg}`, '-o', 'PROJJSON', '-q'], { env: PROJ_ENV }).toString()) as {
      bbox: { west_longitude: number; east_longitude: number; south_latitude: number; north_latitude: number };
    };
    a = { west: json.bbox.west_longitude, east: json.bbox.east_longitude, south: json.bbox.south_latitude, north: json.bbox.north_latitude };
    areas.set(epsg, a);
  }
  return a;
}

/** cs2cs's easting and northing of a WGS 84 latitude, longitude in EPSG:code (UTM answers easting first). */
function cs2cs(epsg: number, lat: number, lon: number): [number, number] {
  const out = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4326', `EPSG:${epsg}`], { input: `${lat} ${lon}\n`, env: PROJ_ENV }).toString();
  const [e, n] = out.trim().split(/\s+/).map(Number);
  return [e!, n!];
}

const ON_GRID = (epsg: number, lat: number, lon: number) => {
  const [e, n] = crsTransform(epsg, { grids: NO_GRIDS }).forward(lon, lat);
  const [re, rn] = cs2cs(epsg, lat, lon);
  expect(Math.abs(e - re), `easting of ${lat},${lon} in EPSG:${epsg}: ${e} vs ${re}`).toBeLessThan(0.001);
  expect(Math.abs(n - rn), `northing of ${lat},${lon} in EPSG:${epsg}: ${n} vs ${rn}`).toBeLessThan(0.001);
};

// latitude, longitude: both sides of zone boundaries, the antimeridian, the equator, the far north and south
const STANDARD: [number, number][] = [
  [45, -180],
  [45, -179.999999],
  [-33.9, -174.000001],
  [-33.9, -174],
  [45, -6.000001],
  [45, -6],
  [51.48, -0.000001],
  [51.48, 0],
  [45, 5.999999],
  [45, 6],
  [0, 10],
  [-0.000001, 10],
  [6.9, 79.86],
  [-22.9, -43.2],
  [55.999, 5],
  [64, 5],
  [71.999, 8],
  [83.5, 100],
  [-79.5, 166.6],
  [-41.3, 179.999999],
  [10, 180],
];

describe('the UTM zone of a position, against PROJ', () => {
  it.each(STANDARD)('%f, %f lies in the EPSG area of use of its zone, and projects there as cs2cs does', (lat, lon) => {
    const z = utmZoneOf(lon, lat);
    const area = areaOfUse(z.epsg);
    expect(lon, `${lat},${lon} in EPSG:${z.epsg} (${JSON.stringify(area)})`).toBeGreaterThanOrEqual(area.west);
    expect(lon).toBeLessThanOrEqual(area.east);
    expect(lat).toBeGreaterThanOrEqual(area.south);
    expect(lat).toBeLessThanOrEqual(area.north);
    // on a boundary the zone to the east is taken, except at 180 (zone 60, whose east edge it is)
    if (lon === area.east) expect(lon).toBe(180);
    expect(z.label).toBe(`${z.zone}${z.south ? 'S' : 'N'}`);
    expect(z.epsg).toBe((z.south ? 32700 : 32600) + z.zone);
    ON_GRID(z.epsg, lat, lon);
  });

  it('wraps a longitude outside -180..180 to the same zone', () => {
    expect(utmZoneOf(190, 45)).toEqual(utmZoneOf(-170, 45));
    expect(utmZoneOf(-190, 45)).toEqual(utmZoneOf(170, 45));
  });

  it.each([
    // south-west Norway: zone 32 from 3 E (PROJ's EPSG:32631 area would say 31)
    [60, 5, 32, 32631],
    [56, 3, 32, 32631],
    [63.999, 3.5, 32, 32631],
    // Svalbard: 31 below 9 E, 33 below 21 E, 35 below 33 E, 37 to 42 E
    [78, 8.999, 31, 32632],
    [78, 9, 33, 32632],
    [72, 20.999, 33, 32634],
    [83.999, 21, 35, 32634],
    [78, 32.999, 35, 32636],
    [78, 33, 37, 32636],
  ])('the exception at %f, %f is zone %i (the 6-degree zone is EPSG:%i), and projects there as cs2cs does', (lat, lon, zone, standard) => {
    const z = utmZoneOf(lon, lat);
    expect(z.zone).toBe(zone);
    // the standard zone of the point, by PROJ's areas, is another one: the exception is real here
    const area = areaOfUse(standard);
    expect(lon >= area.west && lon <= area.east).toBe(true);
    expect(standard - 32600).not.toBe(zone);
    ON_GRID(z.epsg, lat, lon);
  });

  it('just outside the exceptions the 6-degree zones hold', () => {
    expect(utmZoneOf(5, 55.999).zone).toBe(31);
    expect(utmZoneOf(5, 64).zone).toBe(31);
    expect(utmZoneOf(2.999, 60).zone).toBe(31);
    expect(utmZoneOf(12, 60).zone).toBe(33);
    expect(utmZoneOf(8, 71.999).zone).toBe(32);
    expect(utmZoneOf(8, 84).zone).toBe(32);
    expect(utmZoneOf(42, 78).zone).toBe(38);
  });
});
