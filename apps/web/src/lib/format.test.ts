import { describe, expect, it } from 'vitest';
import {
  accuracyTone,
  centreOf,
  deviceDetailTone,
  deviceStatusText,
  distanceMetres,
  formatDate,
  formatDay,
  formatDistance,
  fromNow,
  levelTone,
  paddedBounds,
  projectStatusTone,
  statusTone,
  toCanvas,
} from './format';

describe('battery and signal colours', () => {
  it('are green above 75, yellow above 25 up to 75, red at 25 or below', () => {
    expect(levelTone(100)).toBe('green');
    expect(levelTone(76)).toBe('green');
    expect(levelTone(75)).toBe('yellow');
    expect(levelTone(26)).toBe('yellow');
    expect(levelTone(25)).toBe('red');
    expect(levelTone(0)).toBe('red');
  });
  it('are grey when the device has not said', () => {
    expect(levelTone(null)).toBe('grey');
    expect(levelTone(undefined)).toBe('grey');
  });
});

describe('status badges', () => {
  it('colour online green, offline red, warning yellow and anything else grey', () => {
    expect(statusTone('online')).toBe('green');
    expect(statusTone('Offline')).toBe('red');
    expect(statusTone('warning')).toBe('yellow');
    expect(statusTone('other')).toBe('grey');
    expect(statusTone(undefined)).toBe('grey');
  });
  it('read a stored Status true as Online and false as Offline', () => {
    expect(deviceStatusText(true)).toBe('Online');
    expect(deviceStatusText(false)).toBe('Offline');
    expect(deviceStatusText('warning')).toBe('Warning');
  });
  it('on the device detail are Online green, Offline red, other indigo', () => {
    expect(deviceDetailTone(true)).toBe('green');
    expect(deviceDetailTone('Offline')).toBe('red');
    expect(deviceDetailTone('Warning')).toBe('indigo');
  });
  it('for projects are Active blue, Pending orange, anything else green, missing = Active', () => {
    expect(projectStatusTone('Active')).toBe('blue');
    expect(projectStatusTone(null)).toBe('blue');
    expect(projectStatusTone('Pending')).toBe('orange');
    expect(projectStatusTone('Completed')).toBe('green');
    expect(projectStatusTone('Paused')).toBe('green');
  });
  it('for accuracy are Low red, Medium yellow, High green, else grey', () => {
    expect([accuracyTone('Low'), accuracyTone('Medium'), accuracyTone('High'), accuracyTone(null)]).toEqual(['red', 'yellow', 'green', 'grey']);
  });
});

describe('distances', () => {
  it('use the haversine formula with an Earth radius of 6371 km', () => {
    // one degree of latitude is 6371 km * pi / 180
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo((6371000 * Math.PI) / 180, 3);
    expect(distanceMetres({ latitude: 6.615, longitude: 79.968 }, { latitude: 6.615, longitude: 79.968 })).toBe(0);
  });
  it('under 1000 m show whole metres, otherwise kilometres with 2 decimals', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(12.4)).toBe('12 m');
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(999.6)).toBe('1.00 km');
    expect(formatDistance(1000)).toBe('1.00 km');
    expect(formatDistance(12345)).toBe('12.35 km');
  });
});

describe('canvas bounds', () => {
  it('pad the box around the points by 10 % of its span on every side', () => {
    const b = paddedBounds([
      { latitude: 10, longitude: 20 },
      { latitude: 11, longitude: 22 },
    ])!;
    expect(b.minLat).toBeCloseTo(9.9);
    expect(b.maxLat).toBeCloseTo(11.1);
    expect(b.minLon).toBeCloseTo(19.8);
    expect(b.maxLon).toBeCloseTo(22.2);
  });
  it('give a single point a small box with the point in the middle', () => {
    const b = paddedBounds([{ latitude: 6.615, longitude: 79.968 }])!;
    expect(b.maxLat - b.minLat).toBeGreaterThan(0);
    expect(toCanvas({ latitude: 6.615, longitude: 79.968 }, b, 500)).toEqual({ x: expect.closeTo(250), y: expect.closeTo(250) });
  });
  it('are null with nothing to draw', () => {
    expect(paddedBounds([])).toBeNull();
  });
  it('place north at the top and east on the right', () => {
    const b = { minLat: 0, maxLat: 1, minLon: 0, maxLon: 1 };
    expect(toCanvas({ latitude: 1, longitude: 0 }, b, 500)).toEqual({ x: 0, y: 0 });
    expect(toCanvas({ latitude: 0, longitude: 1 }, b, 500)).toEqual({ x: 500, y: 500 });
  });
  it('centre on the average position', () => {
    expect(centreOf([{ latitude: 1, longitude: 2 }, { latitude: 3, longitude: 4 }])).toEqual({ latitude: 2, longitude: 3 });
    expect(centreOf([])).toBeNull();
  });
});

describe('dates', () => {
  it('read like MMM D, YYYY and YYYY-MM-DD, N/A when missing', () => {
    expect(formatDate('2025-03-07T10:00:00')).toBe('Mar 7, 2025');
    expect(formatDay('2025-03-07T10:00:00')).toBe('2025-03-07');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDay('not a date')).toBe('N/A');
  });
  it('say how long ago something happened', () => {
    expect(fromNow('2025-03-07T10:00:00Z', new Date('2025-03-07T10:05:00Z'))).toBe('5 minutes ago');
  });
});
