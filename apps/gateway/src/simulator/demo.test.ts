import { execFileSync } from 'node:child_process';
import { DEFAULT_TOLERANCES, LIMITS } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { parseNmeaPayload } from '../nmea/parse.js';
import { EpochAssembler } from '../occupation/epoch.js';
import { OccupationRun } from '../occupation/occupation-run.js';
import { decodeRtcmFrame } from '@smi/rtcm';
import { baseEpoch, epochSentences, roverEpoch, seededRandom, STAND_S, stopAndGo } from '@smi/simulator';

/** PROJ's own figures: ECEF -> geodetic (cart, inverse) and EGM96's N (vgridshift of PROJ-data's egm96_15.gtx). */
const cct = (args: string[], input: string) =>
  execFileSync('cct', ['-d', '6', ...args], { input }).toString().trim().split(/\s+/).map(Number);
const DEMO_BASE = { ...LIMITS.defaultBase, altitude: 12 };

describe("the demo base: its 1005 and its NMEA put the antenna at the same place", () => {
  it('decoded, the 1005 is the GGA position with the ellipsoidal height altitude + N (PROJ), N being EGM96 (PROJ)', () => {
    const { fix, rtcm } = baseEpoch(DEMO_BASE, new Date(Date.UTC(2026, 0, 5, 9, 0, 0)), seededRandom(3));
    const gga = parseNmeaPayload(epochSentences(fix).join('\r\n')).update;
    const station = decodeRtcmFrame(rtcm);
    if (!station || !('x' in station)) throw new Error('no 1005 decoded');
    expect(station.type).toBe(1005);
    const [lon, lat, h] = cct(['+proj=cart', '+ellps=WGS84', '+inv'], `${station.x} ${station.y} ${station.z}\n`) as [number, number, number];
    const [, , undulation] = cct(
      ['+proj=pipeline', '+step', '+proj=unitconvert', '+xy_in=deg', '+xy_out=rad', '+step', '+inv', '+proj=vgridshift', '+grids=egm96_15.gtx', '+step', '+proj=unitconvert', '+xy_in=rad', '+xy_out=deg'],
      `${DEMO_BASE.longitude} ${DEMO_BASE.latitude} 0\n`,
    ) as [number, number, number];
    // the GGA is the base with a few millimetres of scatter; the 1005 is where the base stands
    const metres = 111_320;
    expect(Math.abs(gga.position!.latitude - lat) * metres).toBeLessThan(0.01);
    expect(Math.abs(gga.position!.longitude - lon) * metres).toBeLessThan(0.01);
    expect(Math.abs(gga.geoidSeparation! - undulation)).toBeLessThan(0.001);
    expect(gga.altitude).toBe(12);
    // the ellipsoidal heights agree to the 1005's 0.1 mm resolution (before: 1005 at the GGA altitude, N off)
    expect(Math.abs(gga.altitude! + gga.geoidSeparation! - h)).toBeLessThan(0.0002);
    expect(Math.abs(undulation)).toBeGreaterThan(10);
  });
});

describe('the demo rovers stop and go', () => {
  it('stand 20-30 s on each mark (the same place every second), walk 8-16 m at walking pace between', () => {
    const walk = stopAndGo(DEMO_BASE, 25, 0, 1);
    const stands: number[] = [];
    const walks: number[][] = [];
    let standing = 0;
    let previous = walk(0);
    for (let t = 1; t <= 900; t++) {
      const p = walk(t);
      const moved = Math.hypot((p.latitude - previous.latitude) * 111_320, (p.longitude - previous.longitude) * 111_320 * Math.cos((p.latitude * Math.PI) / 180));
      if (moved === 0) standing++;
      else {
        if (standing || !walks.length) walks.push([]);
        if (standing) stands.push(standing);
        standing = 0;
        walks.at(-1)!.push(moved);
      }
      previous = p;
    }
    // 15 minutes: a stand every ~35 s
    expect(stands.length).toBeGreaterThanOrEqual(20);
    // counted in whole seconds: a stand of 20-30 s holds 19-30 one-second steps
    for (const s of stands) {
      expect(s).toBeGreaterThanOrEqual(STAND_S.min - 1);
      expect(s).toBeLessThanOrEqual(STAND_S.max);
    }
    // a whole second inside a walk (its first and last are part standing) is a walking pace's worth of metres
    for (const steps of walks) {
      expect(steps.reduce((a, b) => a + b, 0)).toBeGreaterThan(7);
      for (const v of steps.slice(1, -1)) {
        expect(v).toBeGreaterThan(1);
        expect(v).toBeLessThan(1.8);
      }
    }
  });

  it("a topo occupation started as a rover reaches a mark completes while it stands there (tap-to-record)", () => {
    const walk = stopAndGo(DEMO_BASE, 40, 2, 2);
    const random = seededRandom(9);
    let t = 0;
    while (!walk(t).moving) t++;
    while (walk(t).moving) t++;
    const run = new OccupationRun({ method: 'topo', tolerances: DEFAULT_TOLERANCES.topo, maxPauseS: 60, splitGapS: 10, antenna: { height: 1.8, type: 'vertical', phaseCentreOffset: 0 } });
    const assembler = new EpochAssembler();
    const start = Date.UTC(2026, 0, 5, 9, 0, 0);
    let outcome = 'continue';
    for (let k = 0; outcome === 'continue' && k < 60; k++) {
      const at = new Date(start + k * 1000);
      const fix = roverEpoch(walk(t + k), DEMO_BASE.altitude, 4, at, random);
      assembler.nmea(epochSentences(fix).join('\r\n'), at.getTime() + 300, (e) => void (outcome = run.add(e).outcome.kind));
    }
    expect(outcome).toBe('complete');
    expect(run.progress().epochsUsed).toBeLessThan(STAND_S.min);
  });
});
