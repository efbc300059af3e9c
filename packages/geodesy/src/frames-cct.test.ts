import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findCrs } from './catalogue.js';
import { decimalYear, toCrsFrame } from './frames.js';

/**
 * Positions in an ITRF reach ETRS89 and NAD83(2011) CRSs by PROJ's time-dependent Helmerts at their epoch: the
 * pipelines `projinfo -s EPSG:9000|9990 -t EPSG:4258|6318` prints, run by cct with the epoch as the fourth coordinate.
 */
function cct(pipeline: string, rows: number[][]): number[][] {
  const out = execFileSync('cct', ['-d', '12', ...pipeline.split(' ')], { input: rows.map((r) => `${r.join(' ')}\n`).join(''), env: { ...process.env, PROJ_NETWORK: 'OFF' } }).toString();
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
}
const wrap = (steps: string) => `+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=cart +ellps=GRS80 ${steps} +step +inv +proj=cart +ellps=GRS80 +step +proj=unitconvert +xy_in=rad +xy_out=deg`;
const TO_ETRF2014 = '+step +proj=helmert +x=0 +y=0 +z=0 +rx=0 +ry=0 +rz=0 +s=0 +dx=0 +dy=0 +dz=0 +drx=8.5e-05 +dry=0.000531 +drz=-0.00077 +ds=0 +t_epoch=1989 +convention=position_vector';
const TO_NAD83 = '+step +proj=helmert +x=1.0053 +y=-1.9092 +z=-0.5416 +rx=0.0267814 +ry=-0.0004203 +rz=0.0109321 +s=0.00037 +dx=0.0008 +dy=-0.0006 +dz=-0.0014 +drx=6.67e-05 +dry=-0.0007574 +drz=-5.13e-05 +ds=-7e-05 +t_epoch=2010 +convention=coordinate_frame';
const FROM_ITRF2020 = '+step +inv +proj=helmert +x=0.0014 +y=0.0009 +z=-0.0014 +rx=0 +ry=0 +rz=0 +s=0.00042 +dx=0 +dy=0.0001 +dz=-0.0002 +drx=0 +dry=0 +drz=0 +ds=0 +t_epoch=2015 +convention=position_vector';

const EUROPE = [[48.137, 11.575, 565.2], [52.52, 13.405, 80.1], [40.4168, -3.7038, 700.5], [60.17, 24.94, 30]];
const US = [[40.7128, -74.006, 10.2], [34.05, -118.25, 90], [25.774, -80.1937, -20]];
const at = new Date('2026-03-15T12:00:00Z');

describe('ITRF positions into plate-fixed CRSs equal PROJ (cct) to 0.1 mm', () => {
  const check = (from: 'ITRF2014' | 'ITRF2020', code: number, pts: number[][], steps: string, minShift: number) => {
    const t = decimalYear(at);
    const proj = cct(wrap(steps), pts.map(([lat, lon, h]) => [lon!, lat!, h!, t]));
    pts.forEach(([lat, lon, h], i) => {
      const mine = toCrsFrame(from, findCrs(code)!, lat!, lon!, h!, t);
      const mPerDeg = 111_320;
      expect(Math.abs(mine.longitude - proj[i]![0]!) * mPerDeg * Math.cos((lat! * Math.PI) / 180)).toBeLessThan(1e-4);
      expect(Math.abs(mine.latitude - proj[i]![1]!) * mPerDeg).toBeLessThan(1e-4);
      expect(Math.abs(mine.height - proj[i]![2]!)).toBeLessThan(1e-4);
      // the shift is real: positions taken as if WGS 84 would be this far off
      expect(Math.hypot((mine.latitude - lat!) * mPerDeg, (mine.longitude - lon!) * mPerDeg * Math.cos((lat! * Math.PI) / 180))).toBeGreaterThan(minShift);
    });
  };
  it('ITRF2014 -> ETRS89 / UTM 32N (EPSG:25832) at 2026.2', () => check('ITRF2014', 25832, EUROPE, TO_ETRF2014, 0.5));
  it('ITRF2020 -> ETRS89 / UTM 32N through ITRF2014', () => check('ITRF2020', 25832, EUROPE, `${FROM_ITRF2020} ${TO_ETRF2014}`, 0.5));
  it('ITRF2014 -> NAD83(2011) / New York Long Island (EPSG:6539)', () => check('ITRF2014', 6539, US, TO_NAD83, 0.5));
  it('WGS 84, ETRS89 and NAD83(2011) positions are not shifted (PROJ relates them by null transformations)', () => {
    for (const from of ['WGS84', 'ETRS89', 'NAD83(2011)'] as const) {
      const p = toCrsFrame(from, findCrs(25832)!, 48.137, 11.575, 565.2, 2026.2);
      expect(p).toEqual({ latitude: 48.137, longitude: 11.575, height: 565.2 });
    }
    // and an ITRF position into a CRS on another datum (WGS 84 / UTM) is left to the CRS's own shift, as PROJ's ballpark
    expect(toCrsFrame('ITRF2014', findCrs(32632)!, 48.137, 11.575, 565.2, 2026.2)).toEqual({ latitude: 48.137, longitude: 11.575, height: 565.2 });
  });
});
