import { describe, expect, it } from 'vitest';
import { accuracyFromGap, nearestGapMs } from './accuracy';
import { correctRover, recordedPosition } from './known-base';
import { checkNewSection, defaultDevice, defaultPointName, defaultSection, isNameTaken } from './record-defaults';
import { mapCentre } from './map-centre';
import { markerSize } from './marker-size';

describe('accuracy from the rover/base time gap', () => {
  it('is High up to 1000 ms, Medium up to 2500 ms and Low beyond', () => {
    expect(accuracyFromGap(0)).toBe('High');
    expect(accuracyFromGap(1000)).toBe('High');
    expect(accuracyFromGap(1001)).toBe('Medium');
    expect(accuracyFromGap(2500)).toBe('Medium');
    expect(accuracyFromGap(2501)).toBe('Low');
  });
  it('reads a negative gap by its size, and no gap as no level', () => {
    expect(accuracyFromGap(-3000)).toBe('Low');
    expect(accuracyFromGap(null)).toBeNull();
    expect(accuracyFromGap(Number.NaN)).toBeNull();
  });
  it('measures against the base reading nearest in time', () => {
    const base = ['2025-01-01T00:00:00.000Z', '2025-01-01T00:00:04.000Z', '2025-01-01T00:00:10.000Z'];
    expect(nearestGapMs('2025-01-01T00:00:05.200Z', base)).toBe(1200);
    expect(nearestGapMs('2025-01-01T00:00:05.200Z', [])).toBeNull();
    expect(nearestGapMs('not a date', base)).toBeNull();
  });
});

describe('known-base correction', () => {
  const rover = { latitude: 6.6, longitude: 79.9 };
  it('shifts the rover by known base minus live base', () => {
    const c = correctRover(rover, { latitude: 6.615, longitude: 79.968 }, { latitude: 6.614, longitude: 79.97 });
    expect(c.latitude).toBeCloseTo(6.601, 9);
    expect(c.longitude).toBeCloseTo(79.898, 9);
  });
  it('records the rover as it is in Auto Fix mode or without known coordinates', () => {
    expect(recordedPosition(rover, 'auto', { latitude: 1, longitude: 1 }, { latitude: 2, longitude: 2 })).toEqual(rover);
    expect(recordedPosition(rover, 'known', null, null)).toEqual(rover);
  });
  it('has no corrected position in known mode until the base has reported, and none without a rover', () => {
    expect(recordedPosition(rover, 'known', { latitude: 1, longitude: 1 }, null)).toBeNull();
    expect(recordedPosition(null, 'auto', null, null)).toBeNull();
  });
});

describe('record defaults', () => {
  it('names the next point P{n+1}', () => {
    expect(defaultPointName(0)).toBe('P1');
    expect(defaultPointName(41)).toBe('P42');
  });
  it('never repeats an existing name: keeps P{n+1} where free, else takes the next free number', () => {
    // P1 P2 P3 recorded, P2 deleted: two points left, and P3 is taken
    expect(defaultPointName(2, ['P1', 'P3'])).toBe('P4');
    expect(defaultPointName(2, ['P1', 'P3', 'P4', 'kerb'])).toBe('P5');
    expect(defaultPointName(2, ['kerb', 'wall'])).toBe('P3');
  });
  it('tells when a typed name is already taken (trimmed), blank never', () => {
    expect(isNameTaken(' P3 ', ['P1', 'P3'])).toBe(true);
    expect(isNameTaken('P2', ['P1', 'P3'])).toBe(false);
    expect(isNameTaken('  ', ['  '])).toBe(false);
  });
  it('keeps the last chosen section while it exists, else takes the first', () => {
    expect(defaultSection(['default', 'north'], 'north')).toBe('north');
    expect(defaultSection(['default', 'north'], 'gone')).toBe('default');
    expect(defaultSection(['east', 'default'], null)).toBe('east');
    expect(defaultSection([], null)).toBe('default');
  });
  it("selects the first device that has a name other than 'N/A'", () => {
    expect(defaultDevice([{ name: 'N/A' }, { name: 'Rover 2' }, { name: 'Rover 3' }])).toEqual({ name: 'Rover 2' });
    expect(defaultDevice([{ name: 'N/A' }])).toBeUndefined();
  });
  it('trims a new section name, ignores blanks and refuses one that exists', () => {
    expect(checkNewSection('  kerb  ', ['default'])).toEqual({ ok: true, name: 'kerb' });
    expect(checkNewSection('   ', ['default'])).toEqual({ ok: false, reason: 'blank' });
    expect(checkNewSection(null, ['default'])).toEqual({ ok: false, reason: 'blank' });
    expect(checkNewSection(' default', ['default'])).toEqual({ ok: false, reason: 'exists' });
  });
});

describe('map centre', () => {
  const a = { latitude: 1, longitude: 10 };
  const b = { latitude: 3, longitude: 20 };
  const base = { latitude: 9, longitude: 9 };
  it('follows the average of the rovers first', () => {
    expect(mapCentre([a, b], [base], base)).toEqual({ latitude: 2, longitude: 15 });
  });
  it('falls back to the saved points, then the base, then the default base position', () => {
    expect(mapCentre([], [a, b], base)).toEqual({ latitude: 2, longitude: 15 });
    expect(mapCentre([], [], base)).toEqual(base);
    expect(mapCentre([], [], null)).toEqual({ latitude: 6.615, longitude: 79.968074 });
  });
});

describe('marker size', () => {
  it('is 30 under 640 px, 35 under 768 px and 40 from there', () => {
    expect(markerSize(390)).toBe(30);
    expect(markerSize(639)).toBe(30);
    expect(markerSize(640)).toBe(35);
    expect(markerSize(767)).toBe(35);
    expect(markerSize(768)).toBe(40);
    expect(markerSize(1280)).toBe(40);
  });
});
