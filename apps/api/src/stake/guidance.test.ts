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
});
