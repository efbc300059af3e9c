import { NA, type LiveReading } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import type { FixUpdate } from '../nmea/fix-update.js';
import { applyFix, blankReading } from './live-snapshot.js';

const AT = Date.UTC(2026, 10, 23, 10, 0, 0);
const rover = blankReading({ code: 'R1', name: 'Rover 1', type: 'rover' }, AT);

describe('a reading after NMEA sentences', () => {
  it('takes the position, fix and quality a GGA gives and keeps what it does not say', () => {
    const before: LiveReading = { ...rover, battery: 80, signal: 20, accuracy: 0.02, verticalAccuracy: 0.03 };
    const next = applyFix(before, { position: { latitude: 6.9, longitude: 79.8 }, altitude: 12.5, fixType: 'rtk-fixed', satellites: 21, hdop: 0.6, timeOfDayMs: 36_000_000 }, AT + 400);
    expect(next).toEqual({
      ...before,
      action: 'position',
      // signal 20 is at or below 25
      status: 'warning',
      timestamp: '2026-11-23T10:00:00.000Z',
      latitude: 6.9,
      longitude: 79.8,
      altitude: 12.5,
      fixType: 'rtk-fixed',
      satellites: 21,
      hdop: 0.6,
    });
    // the last reading is not changed, and the new one lists its fields in the same order (same JSON)
    expect(before.latitude).toBe(NA);
    expect(Object.keys(next)).toEqual(Object.keys(rover));
  });

  it('clears the position (and its altitude) when a sentence says there is no fix', () => {
    const fixed = applyFix(rover, { position: { latitude: 6.9, longitude: 79.8 }, altitude: 12.5, fixType: 'single' }, AT);
    const lost = applyFix(fixed, { position: null, fixType: null, satellites: 3 }, AT + 1000);
    expect(lost).toMatchObject({ latitude: NA, longitude: NA, altitude: NA, fixType: NA, satellites: 3, status: 'online' });
  });

  it('keeps the position for a sentence without one (GST: accuracy only)', () => {
    const fixed = applyFix(rover, { position: { latitude: 6.9, longitude: 79.8 }, altitude: 12.5, fixType: 'rtk-float' }, AT);
    const gst: FixUpdate = { accuracy: 0.014, verticalAccuracy: 0.021 };
    expect(applyFix(fixed, gst, AT + 200)).toMatchObject({ latitude: 6.9, longitude: 79.8, altitude: 12.5, fixType: 'rtk-float', accuracy: 0.014, verticalAccuracy: 0.021 });
  });

  it('times the fix by its time of day nearest to when it arrived, else by the arrival', () => {
    // 23:59:59.5 received at 00:00:00.4 the next day belongs to the day before
    const justAfterMidnight = Date.UTC(2026, 10, 24, 0, 0, 0, 400);
    expect(applyFix(rover, { timeOfDayMs: 86_399_500 }, justAfterMidnight).timestamp).toBe('2026-11-23T23:59:59.500Z');
    expect(applyFix(rover, {}, AT + 1).timestamp).toBe('2026-11-23T10:00:00.001Z');
  });
});
