import { NA } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import type { FixUpdate } from '../nmea/fix-update.js';
import { DeviceLive } from './device-live.js';
import { parseNmeaPayload } from '../nmea/parse.js';

const AT = Date.UTC(2026, 10, 23, 10, 0, 0);
const ROVER = { code: 'R1', name: 'Rover 1', type: 'rover' } as const;
const rover = () => new DeviceLive(ROVER, AT);
const fixed = (at = AT) => {
  const s = rover();
  s.applyFix({ position: { latitude: 6.9, longitude: 79.8 }, altitude: 12.5, fixType: 'rtk-float' }, at);
  return s;
};

describe('a device state before anything is known', () => {
  it('reads N/A for every measurement, online, timed when it was made', () => {
    expect(rover().snapshot()).toEqual({
      deviceCode: 'R1',
      deviceName: 'Rover 1',
      Name: 'Rover 1',
      deviceType: 'rover',
      action: 'status',
      status: 'online',
      timestamp: '2026-11-23T10:00:00.000Z',
      fixTime: NA,
      latitude: NA,
      longitude: NA,
      altitude: NA,
      geoidSeparation: NA,
      battery: NA,
      signal: NA,
      fixType: NA,
      satellites: NA,
      hdop: NA,
      accuracy: NA,
      verticalAccuracy: NA,
      pdop: NA,
      correctionAge: NA,
    });
    expect(new DeviceLive({ code: 'B1', name: '', type: 'base' }, AT).snapshot().deviceName).toBe(NA);
  });
});

describe('a device state after NMEA sentences', () => {
  it('takes the position, fix and quality a GGA gives and keeps what it does not say', () => {
    const s = rover();
    s.applyStatus({ battery: 80, signal: 20 }, AT);
    s.applyFix({ position: { latitude: 6.9, longitude: 79.8 }, altitude: 12.5, fixType: 'rtk-fixed', satellites: 21, hdop: 0.6, timeOfDayMs: 36_000_000 }, AT + 400);
    expect(s.snapshot()).toEqual({
      ...rover().snapshot(),
      action: 'position',
      // signal 20 is at or below 25
      status: 'warning',
      timestamp: '2026-11-23T10:00:00.000Z',
      fixTime: '2026-11-23T10:00:00.000Z',
      latitude: 6.9,
      longitude: 79.8,
      altitude: 12.5,
      battery: 80,
      signal: 20,
      fixType: 'rtk-fixed',
      satellites: 21,
      hdop: 0.6,
    });
    // every reading lists its fields in the same order (the same JSON whatever the state went through)
    expect(Object.keys(s.snapshot())).toEqual(Object.keys(rover().snapshot()));
  });

  it('clears the position (and its altitude) when a sentence says there is no fix', () => {
    const s = fixed();
    s.applyFix({ position: null, fixType: null, satellites: 3 }, AT + 1000);
    expect(s.snapshot()).toMatchObject({ latitude: NA, longitude: NA, altitude: NA, fixType: NA, satellites: 3, status: 'online' });
  });

  it('keeps the position for a sentence without one (GST: accuracy only)', () => {
    const s = fixed();
    const gst: FixUpdate = { accuracy: 0.014, verticalAccuracy: 0.021 };
    s.applyFix(gst, AT + 200);
    expect(s.snapshot()).toMatchObject({ latitude: 6.9, longitude: 79.8, altitude: 12.5, fixType: 'rtk-float', accuracy: 0.014, verticalAccuracy: 0.021 });
  });

  it('times the fix by its time of day nearest to when it arrived, else by the arrival', () => {
    // 23:59:59.5 received at 00:00:00.4 the next day belongs to the day before
    const s = rover();
    s.applyFix({ timeOfDayMs: 86_399_500 }, Date.UTC(2026, 10, 24, 0, 0, 0, 400));
    expect(s.snapshot().timestamp).toBe('2026-11-23T23:59:59.500Z');
    s.applyFix({}, AT + 1);
    expect(s.snapshot().timestamp).toBe('2026-11-23T10:00:00.001Z');
  });
});

describe('a device state after JSON readings and status reports', () => {
  it('replaces the fields a reading sends, clears those sent as N/A, and trusts its time only near the arrival', () => {
    const s = fixed();
    s.applyDeviceReading({ latitude: 7.1, hdop: 0.9, altitude: NA, timestamp: '2026-11-23T10:00:01.250Z' }, AT + 1500);
    expect(s.snapshot()).toMatchObject({ action: 'position', latitude: 7.1, longitude: 79.8, altitude: NA, hdop: 0.9, fixType: 'rtk-float', timestamp: '2026-11-23T10:00:01.250Z' });
    // a device clock an hour off: the arrival time stands
    s.applyDeviceReading({ battery: 50, timestamp: '2026-11-23T11:00:00.000Z' }, AT + 2000);
    expect(s.snapshot()).toMatchObject({ action: 'status', battery: 50, latitude: 7.1, timestamp: '2026-11-23T10:00:02.000Z' });
  });

  it('is a warning at a battery of 25 or below, and online again when it recovers', () => {
    const s = fixed();
    s.applyStatus({ battery: 25 }, AT);
    expect(s.snapshot()).toMatchObject({ action: 'status', status: 'warning', battery: 25, latitude: 6.9 });
    s.applyStatus({ battery: 26 }, AT);
    expect(s.snapshot().status).toBe('online');
  });
});

describe('a device state kept for the life of the device', () => {
  it('is marked offline with what it had, and its next fix brings it back online under its current name', () => {
    const s = fixed();
    s.markOffline(AT + 60_000);
    expect(s.snapshot()).toMatchObject({ action: 'offline', status: 'offline', latitude: 6.9, timestamp: '2026-11-23T10:01:00.000Z' });
    s.named({ ...ROVER, name: 'North rover' });
    s.applyFix({ satellites: 12 }, AT + 61_000);
    expect(s.snapshot()).toMatchObject({ action: 'position', status: 'online', deviceName: 'North rover', Name: 'North rover', latitude: 6.9, satellites: 12 });
  });

  it('hands out snapshots that later messages do not change', () => {
    const s = fixed();
    const before = s.snapshot();
    s.applyFix({ position: { latitude: 8, longitude: 80 } }, AT + 100);
    expect(before).toMatchObject({ latitude: 6.9, longitude: 79.8 });
    expect(s.snapshot()).toMatchObject({ latitude: 8, longitude: 80 });
    expect(s.snapshot()).not.toBe(s.snapshot());
  });
});

describe('the time of the last fix (a silent rover is stale)', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('moves only with a new position: offline, status and accuracy-only readings repeat the last fix time', () => {
    const s = fixed(AT);
    expect(s.snapshot()).toMatchObject({ timestamp: iso(AT), fixTime: iso(AT) });
    s.applyFix({ accuracy: 0.02 }, AT + 1000);
    expect(s.snapshot()).toMatchObject({ timestamp: iso(AT + 1000), fixTime: iso(AT), latitude: 6.9 });
    s.applyStatus({ battery: 70 }, AT + 5000);
    expect(s.snapshot()).toMatchObject({ action: 'status', timestamp: iso(AT + 5000), fixTime: iso(AT) });
    // the reported bug: the offline event carries the last position with a fresh timestamp
    s.markOffline(AT + 40_000);
    expect(s.snapshot()).toMatchObject({ action: 'offline', timestamp: iso(AT + 40_000), fixTime: iso(AT), latitude: 6.9 });
    s.applyFix({ position: { latitude: 7, longitude: 80 }, fixType: 'rtk-fixed' }, AT + 41_000);
    expect(s.snapshot()).toMatchObject({ timestamp: iso(AT + 41_000), fixTime: iso(AT + 41_000) });
  });

  it('is N/A without a position: never sent, or a sentence saying there is no fix', () => {
    expect(rover().snapshot().fixTime).toBe(NA);
    const s = fixed(AT);
    s.applyFix({ position: null, fixType: null }, AT + 1000);
    expect(s.snapshot()).toMatchObject({ fixTime: NA, latitude: NA });
  });

  it('follows the position of a JSON reading, not its battery report', () => {
    const s = rover();
    s.applyDeviceReading({ latitude: 7.1, longitude: 79.9, timestamp: iso(AT + 500) }, AT + 600);
    expect(s.snapshot().fixTime).toBe(iso(AT + 500));
    s.applyDeviceReading({ battery: 40 }, AT + 9000);
    expect(s.snapshot()).toMatchObject({ action: 'status', timestamp: iso(AT + 9000), fixTime: iso(AT + 500) });
    s.applyDeviceReading({ latitude: NA }, AT + 9500);
    expect(s.snapshot().fixTime).toBe(NA);
  });

  it('carries the geoid separation GGA gives, cleared with the position', () => {
    const s = rover();
    s.applyFix({ position: { latitude: 47.1, longitude: 15.2 }, altitude: 826.56, geoidSeparation: 44.866, fixType: 'rtk-float' }, AT);
    expect(s.snapshot()).toMatchObject({ altitude: 826.56, geoidSeparation: 44.866 });
    s.applyFix({ position: null, fixType: null }, AT + 1000);
    expect(s.snapshot()).toMatchObject({ altitude: NA, geoidSeparation: NA });
  });
});

describe('the live quality bar fields', () => {
  const sentence = (body: string) => {
    const sum = [...body].reduce((x, c) => x ^ c.charCodeAt(0), 0);
    return `$${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
  };
  const GGA_FIXED = sentence('GNGGA,100000.00,0654.0000000,N,07948.0000000,E,4,21,0.60,12.500,M,-95.000,M,1.4,0007');
  const GSA = sentence('GNGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.28,0.60,1.13,1');
  const GST = sentence('GNGST,100000.00,0.012,0.010,0.008,12.0,0.010,0.008,0.018');
  const GGA_SINGLE = sentence('GNGGA,100001.00,0654.0000000,N,07948.0000000,E,1,21,0.60,12.500,M,-95.000,M,,');

  it('carries the PDOP of GSA, the correction age of GGA and the GST sigmas in the reading the sockets get', () => {
    const s = rover();
    const parsed = parseNmeaPayload(`${GGA_FIXED}\r\n${GSA}\r\n${GST}\r\n`);
    s.applyFix(parsed.update, AT);
    const r = s.snapshot();
    expect(r).toMatchObject({ fixType: 'rtk-fixed', satellites: 21, pdop: 1.28, correctionAge: 1.4, verticalAccuracy: 0.018 });
    expect(r.accuracy).toBeCloseTo(Math.hypot(0.01, 0.008), 12);
  });

  it('forgets the correction age when a GGA says there is none, and keeps the PDOP until a GSA says otherwise', () => {
    const s = rover();
    s.applyFix(parseNmeaPayload(`${GGA_FIXED}${GSA}`).update, AT);
    s.applyFix(parseNmeaPayload(GGA_SINGLE).update, AT + 1000);
    expect(s.snapshot()).toMatchObject({ fixType: 'single', correctionAge: NA, pdop: 1.28 });
    // a GST alone says nothing about corrections
    s.applyFix(parseNmeaPayload(`${GGA_FIXED}`).update, AT + 2000);
    s.applyFix(parseNmeaPayload(GST).update, AT + 2100);
    expect(s.snapshot().correctionAge).toBe(1.4);
  });

  it('takes PDOP and correction age from a JSON reading, N/A clearing them', () => {
    const s = rover();
    s.applyDeviceReading({ latitude: 6.9, longitude: 79.8, pdop: 2.1, correctionAge: 0.8 }, AT);
    expect(s.snapshot()).toMatchObject({ pdop: 2.1, correctionAge: 0.8 });
    s.applyDeviceReading({ correctionAge: NA }, AT + 1000);
    expect(s.snapshot()).toMatchObject({ pdop: 2.1, correctionAge: NA });
  });
});
