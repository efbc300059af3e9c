import { describe, expect, it } from 'vitest';
import { BASE_FROM_NMEA, vectorPoint } from './vector.js';
import type { Vec3 } from './ecef.js';

const broadcast: Vec3 = [1112189.9, -4842955.0001, 3985352.2];
const rover: Vec3 = [1112200.1234, -4842940.5678, 3985360.9012];

describe('vectorPoint', () => {
  it('measures from the broadcast position and re-applies the vector to the setup in force', () => {
    const p = vectorPoint({ roverAntenna: rover, broadcast, setup: null });
    expect(p.vector![0]).toBeCloseTo(10.2234, 9);
    expect(p.vector![1]).toBeCloseTo(14.4323, 9);
    expect(p.vector![2]).toBeCloseTo(8.7012, 9);
    expect(p.antenna).toEqual(rover.map((v, k) => broadcast[k]! + p.vector![k]!));
    const known: Vec3 = [broadcast[0] + 0.5, broadcast[1] - 1.25, broadcast[2] + 2];
    const moved = vectorPoint({ roverAntenna: rover, broadcast, setup: known });
    expect(moved.antenna.map((v, k) => v - rover[k]!)).toEqual([expect.closeTo(0.5, 9), expect.closeTo(-1.25, 9), expect.closeTo(2, 9)]);
    expect(moved.warnings).toEqual([]);
  });

  it('falls back to known - live base NMEA when nothing was broadcast, and flags the point', () => {
    const live: Vec3 = [broadcast[0] + 3, broadcast[1] + 2, broadcast[2] - 1];
    const p = vectorPoint({ roverAntenna: rover, broadcast: null, setup: broadcast, liveBase: live });
    expect(p.warnings).toEqual([BASE_FROM_NMEA]);
    expect(p.antenna.map((v, k) => v - rover[k]!)).toEqual([expect.closeTo(-3, 9), expect.closeTo(-2, 9), expect.closeTo(1, 9)]);
  });

  it('leaves the rover as reported with no base to measure from', () => {
    expect(vectorPoint({ roverAntenna: rover, broadcast: null, setup: null })).toEqual({ vector: null, antenna: rover, warnings: [] });
  });
});
