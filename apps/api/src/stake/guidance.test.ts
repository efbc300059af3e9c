import { describe, expect, it } from 'vitest';
import { antennaSetup, DEFAULT_STAKE, type LiveReading } from '@smi/contracts';
import { toMetres } from '@smi/geodesy';
import { buildGeodesy, gridStore } from '../crs/project-geodesy.js';
import type { ProjectCrsRow } from '../crs/repository.js';
import { cs2csEpsg } from '../exports/test-proj.js';
import type { Placement } from '../occupations/record-preview.js';
import { resolveAntenna } from '../occupations/settings.js';
import { guide, TravelTracks, type StakeContext } from './guidance.js';

/**
 * Guidance for one epoch against PROJ: the rover's reading and the target are projected by cs2cs, differenced, and
 * compared with what the server computes through the Record preview's placement and the project coordinate.
 */
const crs = (code: number): ProjectCrsRow => ({ crs_code: code, vertical: 'ellipsoidal', geoid_model: null, vertical_crs_code: null, corrections_datum: 'WGS84', helmert_fallback: false });
// no base reported: the rover's own position, reduced by the antenna, as an occupation stores it
const NO_BASE = { ref: { broadcast: null, live: null }, current: undefined, setup: undefined } as unknown as Placement;
// 1.800 m pole to the ARP, 0.070 m ARP to the phase centre: the mark is 1.870 m below the antenna's height
const ANTENNA = resolveAntenna(antennaSetup.parse({ Height: 1.8, Offset: 0.07 }));
const NOW = Date.parse('2026-11-28T12:00:10Z');

function reading(p: { latitude: number; longitude: number; altitude: number; n: number }, o: Partial<LiveReading> = {}): LiveReading {
  const at = new Date(NOW - 200).toISOString();
  return {
    deviceCode: 'ROVER-1',
    deviceName: 'Rover',
    Name: 'Rover',
    deviceType: 'rover',
    action: 'position',
    status: 'online',
    timestamp: at,
    fixTime: at,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    geoidSeparation: p.n,
    battery: 90,
    signal: 90,
    fixType: 'rtk-fixed',
    satellites: 21,
    hdop: 0.6,
    accuracy: 0.01,
    verticalAccuracy: 0.02,
    correctionAge: 1,
    ...o,
  };
}

function context(code: number, target: { e: number; n: number; h: number | null }): StakeContext {
  const geodesy = buildGeodesy(crs(code), null, gridStore(''));
  const unit = geodesy.frame.unit as 'metre' | 'US survey foot';
  return { geodesy, unit, placement: NO_BASE, antenna: ANTENNA, stake: DEFAULT_STAKE, samplingIntervalS: 1, target: { id: 't', name: 'P3', ...target } };
}

describe('stake-out guidance for one epoch', () => {
  // Vienna, UTM 33N: the target 2.5 m north-east of the rover, its design elevation 0.012 m below the pole tip
  const rover = { latitude: 48.2082, longitude: 16.3738, altitude: 171.4, n: 45.2 };
  const tipH = 171.4 + 45.2 - 1.87;
  const [roverRef, targetRef] = cs2csEpsg(32633, [rover, { latitude: 48.208216, longitude: 16.373822 }]);

  it('gives the N/E deltas, distance, bearing and cut/fill cs2cs gives, within 1 mm', () => {
    const ctx = context(32633, { e: targetRef![0]!, n: targetRef![1]!, h: tipH - 0.012 });
    const r = guide(ctx, reading(rover), NOW, { orientation: 'north' });
    const goE = targetRef![0]! - roverRef![0]!;
    const goN = targetRef![1]! - roverRef![1]!;
    expect(r.live).toBe(true);
    expect(r.blocked).toBeNull();
    const g = r.guidance!;
    expect(Math.abs(g.goNorth - goN)).toBeLessThan(0.001);
    expect(Math.abs(g.goEast - goE)).toBeLessThan(0.001);
    expect(Math.abs(g.dN + goN)).toBeLessThan(0.001);
    expect(Math.abs(g.distance - Math.hypot(goE, goN))).toBeLessThan(0.001);
    expect(Math.abs(g.bearing - (Math.atan2(goE, goN) * 180) / Math.PI)).toBeLessThan(0.01);
    expect(g.distance).toBeGreaterThan(2);
    expect(g.proximity).toBe('near');
    // the pole tip 12 mm above the design: a cut, inside the 3 cm vertical tolerance, outside the 2 cm horizontal one
    expect(g.dH).toBeCloseTo(0.012, 6);
    expect(g.cutFill).toEqual({ kind: 'cut', amount: expect.closeTo(0.012, 6) });
    expect(g.within).toEqual({ horizontal: false, vertical: true, both: false });
    expect(Math.abs(r.rover!.easting - roverRef![0]!)).toBeLessThan(0.001);
    expect(r.rover!.height).toBeCloseTo(tipH, 6);
    expect(g.forward).toBeNull();
  });

  it('on the target: within both tolerances', () => {
    const ctx = context(32633, { e: roverRef![0]! + 0.01, n: roverRef![1]! - 0.005, h: tipH + 0.02 });
    const g = guide(ctx, reading(rover), NOW, { orientation: 'north' }).guidance!;
    expect(g.within).toEqual({ horizontal: true, vertical: true, both: true });
    expect(g.cutFill!.kind).toBe('fill');
  });

  it('forward and right relative to the direction of travel, from two epochs a second apart', () => {
    const tracks = new TravelTracks();
    const ctx = context(32633, { e: targetRef![0]!, n: targetRef![1]!, h: null });
    // the rover walked from 1.2 m south-west to here in one second
    const before = { ...rover, latitude: rover.latitude - 0.0000078, longitude: rover.longitude - 0.0000118 };
    const [fromRef] = cs2csEpsg(32633, [before]);
    expect(guide(ctx, reading(before, { fixTime: new Date(NOW - 1200).toISOString() }), NOW, { orientation: 'travel', tracks }).guidance!.heading).toBeNull();
    const g = guide(ctx, reading(rover), NOW, { orientation: 'travel', tracks }).guidance!;
    const vE = roverRef![0]! - fromRef![0]!;
    const vN = roverRef![1]! - fromRef![1]!;
    const course = Math.atan2(vE, vN);
    expect(g.headingSource).toBe('travel');
    expect(Math.abs(g.heading! - (course * 180) / Math.PI)).toBeLessThan(0.01);
    // plane rotation of the cs2cs deltas into the walking direction
    const goE = targetRef![0]! - roverRef![0]!;
    const goN = targetRef![1]! - roverRef![1]!;
    expect(Math.abs(g.forward! - (goN * Math.cos(course) + goE * Math.sin(course)))).toBeLessThan(0.001);
    expect(Math.abs(g.right! - (goE * Math.cos(course) - goN * Math.sin(course)))).toBeLessThan(0.001);
    expect(g.dH).toBeNull();
    expect(g.within.vertical).toBeNull();
  });

  it('turns a compass heading by the project\'s declination, then by the grid convergence', () => {
    const ctx = context(32633, { e: targetRef![0]!, n: targetRef![1]!, h: null });
    const magnetic = guide(ctx, reading(rover), NOW, { orientation: 'compass', heading: 350 }).guidance!;
    const declined = guide({ ...ctx, stake: { ...ctx.stake, Declination: 4.5 } }, reading(rover), NOW, { orientation: 'compass', heading: 350 }).guidance!;
    // UTM 33N at 16.37 E, 1.37 degrees east of the central meridian: grid north is west of true north
    const convergence = magnetic.heading! - 350;
    expect(convergence).toBeGreaterThan(-2);
    expect(convergence).toBeLessThan(2);
    expect(declined.headingSource).toBe('compass');
    expect((declined.heading! - magnetic.heading! + 360) % 360).toBeCloseTo(4.5, 9);
  });

  it('greys the guidance when not RTK fixed or stale, and says why', () => {
    const ctx = context(32633, { e: targetRef![0]!, n: targetRef![1]!, h: null });
    const float = guide(ctx, reading(rover, { fixType: 'rtk-float' }), NOW, { orientation: 'north' });
    expect(float).toMatchObject({ live: false, blocked: 'not-fixed' });
    expect(float.guidance).not.toBeNull();
    const old = new Date(NOW - 4000).toISOString();
    expect(guide(ctx, reading(rover, { fixTime: old, timestamp: old }), NOW, { orientation: 'north' })).toMatchObject({ live: false, blocked: 'stale', reason: expect.stringMatching(/old/) });
    expect(guide(ctx, reading(rover, { fixType: 'dead-reckoning' }), NOW, { orientation: 'north' }).blocked).toBe('not-survey-fix');
    const none = guide(ctx, reading(rover, { latitude: 'N/A', longitude: 'N/A' }), NOW, { orientation: 'north' });
    expect(none).toMatchObject({ live: false, blocked: 'no-position', guidance: null, rover: null });
  });

  it('in a US survey foot CRS every length is in feet: cs2cs differenced', () => {
    const miami = { latitude: 25.7617, longitude: -80.1918, altitude: 3.1, n: -27.4 };
    const [r0, t0] = cs2csEpsg(2236, [miami, { latitude: 25.76175, longitude: -80.19176 }]);
    const ctx = context(2236, { e: toMetres(t0![0]!, 'US survey foot'), n: toMetres(t0![1]!, 'US survey foot'), h: null });
    const r = guide(ctx, reading(miami), NOW, { orientation: 'north' });
    expect(r.unit).toBe('US survey foot');
    expect(Math.abs(r.guidance!.goEast - (t0![0]! - r0![0]!))).toBeLessThan(0.003);
    expect(Math.abs(r.guidance!.goNorth - (t0![1]! - r0![1]!))).toBeLessThan(0.003);
    expect(r.tolerance.horizontal).toBeCloseTo(0.02 / (1200 / 3937), 6);
  });

  describe('to a design line: station, offset and cut/fill against plane geometry worked here', () => {
    // from station 100: A 10 m west and 3 m south of the rover, B 20 m east of A, C 23 m north of B
    const [E, N] = [roverRef![0]!, roverRef![1]!];
    const geometry = {
      name: 'Kerb',
      code: '',
      layer: '',
      closed: false,
      startStation: 100,
      line: 0,
      vertices: [
        { e: E - 10, n: N - 3, h: tipH - 0.5, bulge: 0 },
        { e: E + 10, n: N - 3, h: tipH + 0.3, bulge: 0 },
        { e: E + 10, n: N + 20, h: tipH + 2.6, bulge: 0 },
      ],
    };
    const onLine = (station: number | null, offset = 0): StakeContext => ({ ...context(32633, { e: E - 10, n: N - 3, h: null }), line: { id: 'l', name: 'Kerb', geometry, station, offset } });

    it('onto the line: the rover 3 m left of AB at its middle; the target is the foot, the elevation halfway', () => {
      const r = guide(onLine(null), reading(rover), NOW, { orientation: 'north' });
      const l = r.line!;
      expect(Math.abs(l.station - 110)).toBeLessThan(0.001);
      expect(Math.abs(l.offset + 3)).toBeLessThan(0.001);
      // named to the millimetre: the rover is where cs2cs puts it within a fraction of one
      expect(l.label).toMatch(/^0\+1(10\.000|09\.999|10\.001) L(3|2\.999|3\.001)$/);
      expect(l.beyond).toBeNull();
      // halfway from tipH - 0.5 to tipH + 0.3: tipH - 0.1, so the pole tip is 0.1 above it, a cut
      expect(l.elevation!).toBeCloseTo(tipH - 0.1, 3);
      expect(l.dH!).toBeCloseTo(0.1, 3);
      expect(l.cutFill).toEqual({ kind: 'cut', amount: expect.closeTo(0.1, 3) });
      expect([l.targetOffset, Math.abs(l.goAhead) < 0.001, Math.abs(l.goRight - 3) < 0.001]).toEqual([0, true, true]);
      // the point guidance goes to the foot: 3 m south
      expect(r.target.name).toMatch(/^Kerb 0\+1(10\.00\d|09\.999)$/);
      expect(Math.abs(r.guidance!.goNorth + 3)).toBeLessThan(0.001);
      expect(Math.abs(r.guidance!.goEast)).toBeLessThan(0.001);
      expect(r.guidance!.dH!).toBeCloseTo(0.1, 3);
    });

    it('to station 125, 2 m right: 5 m up BC and 2 m east of it; go ahead 15, right 5', () => {
      const r = guide(onLine(toMetres(125, 'metre'), 2), reading(rover), NOW, { orientation: 'north' });
      const l = r.line!;
      expect(Math.abs(l.goAhead - 15)).toBeLessThan(0.001);
      expect(Math.abs(l.goRight - 5)).toBeLessThan(0.001);
      expect([l.targetStation, l.targetOffset]).toEqual([125, 2]);
      expect(Math.abs(r.target.easting - (E + 12))).toBeLessThan(1e-6);
      expect(Math.abs(r.target.northing - (N + 2))).toBeLessThan(1e-6);
      // 5 of BC's 23 m: tipH + 0.3 + 2.3 x 5 / 23
      expect(r.target.elevation!).toBeCloseTo(tipH + 0.3 + (2.3 * 5) / 23, 9);
      expect(Math.abs(r.guidance!.goEast - 12)).toBeLessThan(0.001);
      expect(Math.abs(r.guidance!.goNorth - 2)).toBeLessThan(0.001);
    });

    it('before the start: the station runs on along the first segment', () => {
      const west = { ...rover, longitude: rover.longitude - 0.0002 };
      const [w] = cs2csEpsg(32633, [west]);
      const l = guide(onLine(null), reading(west), NOW, { orientation: 'north' }).line!;
      const along = w![0]! - (E - 10);
      expect(l.beyond).toBe('start');
      expect(Math.abs(l.station - (100 + along))).toBeLessThan(0.001);
      expect(Math.abs(l.offset - -(w![1]! - (N - 3)))).toBeLessThan(0.001);
    });
  });
});

