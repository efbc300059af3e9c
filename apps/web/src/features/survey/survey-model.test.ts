import { describe, expect, it } from 'vitest';
import { fixTimeMs, type BaseRtcmView, type BaseSetupView, type DeviceView } from '@smi/contracts';
import { geodeticToEcef } from '@smi/geodesy/ecef';
import { correctRoverFromBroadcast } from './rules/known-base';
import { testReading } from '@smi/contracts/testing';
import { projectFixture } from '../../test/project-fixture';
import { baseView, placeRover, recordSample, roverView } from './survey-model';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const clock = (ms: number, samplingIntervalS = 1) => ({ nowMs: T0 + ms, samplingIntervalS });

const device = (code: string, Type: 'rover' | 'base' = 'rover'): DeviceView => ({
  _id: `id-${code}`,
  Name: code,
  DeviceCode: code,
  Type,
  Battery_Percentage: null,
  Signal_Strength: null,
  Status: true,
  Registered_Date: at(0),
  Last_Update: null,
  Registered_User_Id: 'u',
  Connected: true,
  Claimed: true,
  Last_Latitude: null,
  Last_Longitude: null,
  Last_Altitude: null,
  Last_Fix: null,
  Last_Satellites: null,
  Last_Hdop: null,
  Last_Accuracy: null,
});

// a rover that sent a fix at T0, then the gateway's offline reading 40 s later repeating that position
const silentRover = [
  testReading('R1', { timestamp: at(0) }),
  testReading('R1', { action: 'offline', status: 'offline', timestamp: at(40_000), fixTime: at(0), fixType: 'rtk-fixed' }),
];
const base = (ms: number) => [testReading('B1', { deviceType: 'base', timestamp: at(ms), latitude: 6.6, longitude: 79.9 })];

describe('a rover gone silent', () => {
  it('counts as live only while its newest fix is younger than the stale limit', () => {
    expect(roverView(device('R1'), silentRover.slice(0, 1), clock(2000)).live).toBe(true);
    expect(roverView(device('R1'), silentRover.slice(0, 1), clock(3500)).live).toBe(false);
    // twice a 5 s sampling interval is the limit then
    expect(roverView(device('R1'), silentRover.slice(0, 1), clock(9000, 5)).live).toBe(true);
  });

  it('never takes the offline reading (old position, fresh timestamp) for a fix', () => {
    const rover = roverView(device('R1'), silentRover, clock(40_000));
    expect(rover.live).toBe(false);
    // the newest reading repeats the old position: its fix time, not its timestamp, is what counts
    expect(rover.fix && fixTimeMs(rover.fix)).toBe(T0);
    expect(rover.fixAgeMs).toBe(40_000);
    expect(rover.status).toBe('offline');
    const sample = recordSample(rover, baseView(projectFixture(), base(40_000), clock(40_000)), projectFixture());
    expect(sample.position).toBeNull();
    expect(sample.notReady).toBe('stale-fix');
  });

  it('takes fixTime, not the timestamp, when a reading carries it', () => {
    const repeated = testReading('R1', { action: 'status', timestamp: at(40_000), fixTime: at(0) });
    const rover = roverView(device('R1'), [repeated], clock(40_000));
    expect(rover.live).toBe(false);
    expect(rover.fixAgeMs).toBe(40_000);
  });

  it('records a fresh fix with its fix time', () => {
    const project = projectFixture();
    const rover = roverView(device('R1'), silentRover.slice(0, 1), clock(1000));
    const sample = recordSample(rover, baseView(project, base(500), clock(1000)), project);
    expect(sample.position).toEqual({ latitude: 6.615, longitude: 79.968 });
    expect(sample.timestamp).toBe(at(0));
    expect(sample.accuracy).toBe('High');
  });

  it('has a base whose fix is stale shown stale; in known-base mode nothing is recorded against it', () => {
    const project = projectFixture({ BaseMode: 'known', BaseLatitude: 6.6001, BaseLongitude: 79.9001 });
    const stale = baseView(project, base(0), clock(10_000));
    expect(stale.live).toBe(false);
    expect(stale.fixAgeMs).toBe(10_000);
    const rover = roverView(device('R1'), [testReading('R1', { timestamp: at(9500) })], clock(10_000));
    expect(recordSample(rover, stale, project).notReady).toBe('stale-base');
    const fresh = baseView(project, base(9000), clock(10_000));
    expect(recordSample(rover, fresh, project).position).not.toBeNull();
  });
});

describe("the heights of the sample the dialog shows", () => {
  /** The sample of a rover whose newest GGA says these heights. */
  const sampleFor = (fields: Parameters<typeof testReading>[1]) => {
    const project = projectFixture();
    const rover = roverView(device('R1'), [testReading('R1', { timestamp: at(0), ...fields })], clock(500));
    return recordSample(rover, baseView(project, base(0), clock(500)), project);
  };

  it("carries the GGA's altitude, its geoid separation and the ellipsoidal height h = H + N", () => {
    expect(sampleFor({ altitude: 826.56, geoidSeparation: 44.866 })).toMatchObject({ altitude: 826.56, geoidSeparation: 44.866, ellipsoidalHeight: 871.426, fixType: 'rtk-fixed' });
  });

  it('takes a negative geoid separation (most of the world outside the tropics) as it is', () => {
    expect(sampleFor({ altitude: 12.345, geoidSeparation: -17 })).toMatchObject({ altitude: 12.345, geoidSeparation: -17, ellipsoidalHeight: -4.655 });
  });

  it('invents no height: without a geoid separation only the altitude, without an altitude none', () => {
    expect(sampleFor({ altitude: 12.3 })).toMatchObject({ altitude: 12.3, geoidSeparation: null, ellipsoidalHeight: null });
    expect(sampleFor({ altitude: 'N/A', geoidSeparation: 30.1 })).toMatchObject({ altitude: null, geoidSeparation: 30.1, ellipsoidalHeight: null });
  });

  it('has no position to record without a rover', () => {
    const project = projectFixture();
    expect(recordSample(undefined, baseView(project, base(0), clock(500)), project).position).toBeNull();
  });
});

describe('known-base mode on the map', () => {
  it('draws the rover where its point would be recorded, keeping the raw position for a second marker', () => {
    const project = projectFixture({ BaseMode: 'known', BaseLatitude: 6.6001, BaseLongitude: 79.9001 });
    const b = baseView(project, base(0), clock(500));
    const rover = placeRover(roverView(device('R1'), [testReading('R1', { timestamp: at(0) })], clock(500)), b, project);
    const sample = recordSample(rover, b, project);
    expect(rover.position).toEqual(sample.position);
    expect(rover.position!.latitude).toBeCloseTo(6.6151, 9);
    expect(rover.position!.longitude).toBeCloseTo(79.9681, 9);
    expect(rover.rawPosition).toEqual({ latitude: 6.615, longitude: 79.968 });
  });
  it('with a broadcast base position, draws and records the rover at known + (rover - ARP), with no live base needed', () => {
    const project = projectFixture({ BaseMode: 'known', BaseLatitude: 6.6001, BaseLongitude: 79.9001 });
    // the base broadcasts 6.6 / 79.9 (the default rover reading is 6.615 / 79.968): the known base is 0.0001 deg off it
    const [x, y, z] = geodeticToEcef(6.6, 79.9, 10);
    const rtcm = { Position: { X: x, Y: y, Z: z, Latitude: 6.6, Longitude: 79.9, EllipsoidalHeight: 10 } } as BaseRtcmView;
    const b = baseView(project, undefined, clock(500), rtcm);
    expect(b.livePosition).toBeNull();
    const rover = placeRover(roverView(device('R1'), [testReading('R1', { timestamp: at(0), altitude: 12, geoidSeparation: -2 })], clock(500)), b, project);
    const sample = recordSample(rover, b, project);
    expect(sample.notReady).toBeNull();
    expect(sample.correction).toBe('broadcast');
    expect(rover.position).toEqual(sample.position);
    const want = correctRoverFromBroadcast({ latitude: 6.615, longitude: 79.968 }, 10, { latitude: 6.6001, longitude: 79.9001 }, { x, y, z, height: 10 });
    expect(sample.position).toEqual({ latitude: want.latitude, longitude: want.longitude });
    // about 0.0001 degrees north and east, as the known base is off the broadcast one
    expect(sample.position!.latitude - 6.615).toBeCloseTo(0.0001, 6);
    expect(sample.position!.longitude - 79.968).toBeCloseTo(0.0001, 6);
    expect(sample.ellipsoidalHeight).toBeCloseTo(want.height, 4);
    expect(sample.altitude! - sample.ellipsoidalHeight!).toBeCloseTo(2, 4);
  });
  it("takes the known base's height from the setup in force at those coordinates, as the server does", () => {
    const project = projectFixture({ BaseMode: 'known', BaseLatitude: 6.6001, BaseLongitude: 79.9001 });
    const [x, y, z] = geodeticToEcef(6.6, 79.9, 10);
    const rtcm = { Position: { X: x, Y: y, Z: z, Latitude: 6.6, Longitude: 79.9, EllipsoidalHeight: 10 } } as BaseRtcmView;
    const setup = { Current: true, EndedAt: null, Latitude: 6.6001, Longitude: 79.9001, Height: 12.5 } as BaseSetupView;
    const b = baseView(project, undefined, clock(500), rtcm, [setup]);
    expect(b.knownHeight).toBe(12.5);
    const rover = roverView(device('R1'), [testReading('R1', { timestamp: at(0), altitude: 12, geoidSeparation: -2 })], clock(500));
    const sample = recordSample(rover, b, project);
    const want = correctRoverFromBroadcast({ latitude: 6.615, longitude: 79.968 }, 10, { latitude: 6.6001, longitude: 79.9001, height: 12.5 }, { x, y, z, height: 10 });
    expect(sample.position).toEqual({ latitude: want.latitude, longitude: want.longitude });
    // the rover rises with the base: 2.5 m (and 1.6 cm of curvature: the rover is 1.7 km from the base)
    expect(sample.ellipsoidalHeight).toBeCloseTo(want.height, 4);
    expect(sample.ellipsoidalHeight! - 10).toBeCloseTo(2.5, 1);
    // a setup elsewhere (the typed position not yet saved as a setup), or superseded, is not taken
    expect(baseView(project, undefined, clock(500), rtcm, [{ ...setup, Latitude: 6.6 }]).knownHeight).toBeNull();
    expect(baseView(project, undefined, clock(500), rtcm, [{ ...setup, Current: false }]).knownHeight).toBeNull();
  });
  it("without a broadcast position, corrects by the base-NMEA rule and says so ('base-nmea')", () => {
    const project = projectFixture({ BaseMode: 'known', BaseLatitude: 6.6001, BaseLongitude: 79.9001 });
    const b = baseView(project, base(0), clock(500), { Position: null } as BaseRtcmView);
    const rover = roverView(device('R1'), [testReading('R1', { timestamp: at(0) })], clock(500));
    expect(recordSample(rover, b, project).correction).toBe('base-nmea');
    expect(recordSample(rover, baseView(projectFixture(), base(0), clock(500)), projectFixture()).correction).toBe('none');
  });
  it('leaves the rover as it is in Auto Fix mode', () => {
    const project = projectFixture();
    const b = baseView(project, base(0), clock(500));
    const rover = placeRover(roverView(device('R1'), [testReading('R1', { timestamp: at(0) })], clock(500)), b, project);
    expect(rover.rawPosition).toBeNull();
    expect(rover.position).toEqual({ latitude: 6.615, longitude: 79.968 });
  });
});
