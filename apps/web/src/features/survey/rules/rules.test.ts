import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { nearestGapMs } from './accuracy';
import { correctRover, correctRoverFromBroadcast, placePoint, recordedPosition, type BroadcastPosition } from './known-base';
import { checkNewSection, defaultDevice, defaultPointName, defaultSection, isNameTaken, lastPointName } from './record-defaults';
import { mapCentre } from './map-centre';
import { markerSize } from './marker-size';

describe('the rover/base time gap', () => {
  // the grade made of it is @smi/contracts' accuracyGrade, tested there
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

/** The independent reference: proj4's WGS 84 geodetic <-> geocentric, not @smi/geodesy. */
const geocent = proj4('EPSG:4326', '+proj=geocent +datum=WGS84 +units=m +no_defs');
const toEcef = (lat: number, lon: number, h: number) => geocent.forward([lon, lat, h]) as [number, number, number];
const fromEcef = (x: number, y: number, z: number) => {
  const [lon, lat, h] = geocent.inverse([x, y, z]) as [number, number, number];
  return { latitude: lat, longitude: lon, height: h };
};
/** Where the base says it is in 1005 (its autonomous fix when it was set up: metres off the known point). */
const arpAt = (lat: number, lon: number, h: number): BroadcastPosition => {
  const [x, y, z] = toEcef(lat, lon, h);
  return { x, y, z, height: h };
};

describe('known-base correction from the broadcast position', () => {
  const known = { latitude: 6.614732, longitude: 79.968214 };
  const broadcast = arpAt(6.6147451, 79.9682573, 21.4); // about 1.5 m N, 4.7 m E of the known point
  const rover = { latitude: 6.6161, longitude: 79.9695 };
  const roverH = -3.2;

  /** known base (at the broadcast height) + (rover - broadcast ARP), all in proj4's ECEF. */
  const reference = () => {
    const k = toEcef(known.latitude, known.longitude, broadcast.height);
    const r = toEcef(rover.latitude, rover.longitude, roverH);
    return fromEcef(k[0] + r[0] - broadcast.x, k[1] + r[1] - broadcast.y, k[2] + r[2] - broadcast.z);
  };

  it('places the rover at known base + (rover - broadcast ARP), as proj4 ECEF computes it, to 0.1 mm', () => {
    const got = correctRoverFromBroadcast(rover, roverH, known, broadcast);
    const want = reference();
    const [gx, gy, gz] = toEcef(got.latitude, got.longitude, got.height);
    const [wx, wy, wz] = toEcef(want.latitude, want.longitude, want.height);
    expect(Math.hypot(gx - wx, gy - wy, gz - wz)).toBeLessThan(1e-4);
    // and it really moved: by the base's offset (metres), not by nothing
    const [rx, ry, rz] = toEcef(rover.latitude, rover.longitude, roverH);
    expect(Math.hypot(gx - rx, gy - ry, gz - rz)).toBeGreaterThan(4);
  });
  it('is a translation: two rovers keep their ECEF difference exactly', () => {
    const other = { latitude: 6.6139, longitude: 79.9671 };
    const a = correctRoverFromBroadcast(rover, roverH, known, broadcast);
    const b = correctRoverFromBroadcast(other, 5, known, broadcast);
    const ea = toEcef(a.latitude, a.longitude, a.height);
    const eb = toEcef(b.latitude, b.longitude, b.height);
    const ra = toEcef(rover.latitude, rover.longitude, roverH);
    const rb = toEcef(other.latitude, other.longitude, 5);
    for (const i of [0, 1, 2]) expect(ea[i]! - eb[i]!).toBeCloseTo(ra[i]! - rb[i]!, 4);
  });
  it("leaves the rover where it is when the known base is the broadcast one, and differs from the base-NMEA rule", () => {
    const same = correctRoverFromBroadcast(rover, roverH, { latitude: 6.6147451, longitude: 79.9682573 }, broadcast);
    expect(same.latitude).toBeCloseTo(rover.latitude, 10);
    expect(same.longitude).toBeCloseTo(rover.longitude, 10);
    expect(same.height).toBeCloseTo(roverH, 4);
    // a live NMEA base 2 m away from the broadcast one gives a different point under the base-NMEA rule
    const nmea = placePoint(rover, roverH, 'known', known, { latitude: 6.6147631, longitude: 79.9682573 }, null)!;
    const bc = placePoint(rover, roverH, 'known', known, { latitude: 6.6147631, longitude: 79.9682573 }, broadcast)!;
    expect(Math.abs(nmea.latitude - bc.latitude)).toBeGreaterThan(1e-5);
  });
  it("says how it placed the point: 'broadcast' when the base sent 1005/1006, else 'base-nmea', 'none' in Auto Fix", () => {
    const live = { latitude: 6.6147631, longitude: 79.9682573 };
    const bc = placePoint(rover, roverH, 'known', known, live, broadcast)!;
    expect(bc.correction).toBe('broadcast');
    const want = reference();
    expect(bc.latitude).toBeCloseTo(want.latitude, 9);
    expect(bc.longitude).toBeCloseTo(want.longitude, 9);
    expect(bc.heightShift).toBeCloseTo(want.height - roverH, 4);
    // no live base needed with a broadcast position; the NMEA rule needs one
    expect(placePoint(rover, roverH, 'known', known, null, broadcast)!.correction).toBe('broadcast');
    const nmea = placePoint(rover, roverH, 'known', known, live, null)!;
    expect(nmea).toMatchObject({ correction: 'base-nmea', heightShift: 0 });
    expect(nmea.latitude).toBeCloseTo(rover.latitude + known.latitude - live.latitude, 12);
    expect(placePoint(rover, roverH, 'known', known, null, null)).toBeNull();
    expect(placePoint(rover, roverH, 'auto', known, live, broadcast)).toEqual({ ...rover, correction: 'none', heightShift: 0 });
    expect(placePoint(rover, roverH, 'known', null, live, broadcast)).toEqual({ ...rover, correction: 'none', heightShift: 0 });
  });
  it("puts the known base at the setup's height when given (proj4 reference), else at the broadcast one", () => {
    const got = correctRoverFromBroadcast(rover, roverH, { ...known, height: 25.4 }, broadcast);
    const k = toEcef(known.latitude, known.longitude, 25.4);
    const r = toEcef(rover.latitude, rover.longitude, roverH);
    const want = fromEcef(k[0] + r[0] - broadcast.x, k[1] + r[1] - broadcast.y, k[2] + r[2] - broadcast.z);
    expect(got.latitude).toBeCloseTo(want.latitude, 10);
    expect(got.longitude).toBeCloseTo(want.longitude, 10);
    expect(got.height).toBeCloseTo(want.height, 4);
    expect(got.height - reference().height).toBeCloseTo(4, 3);
    expect(correctRoverFromBroadcast(rover, roverH, { ...known, height: null }, broadcast)).toEqual(correctRoverFromBroadcast(rover, roverH, known, broadcast));
  });
  it('takes the rover at the base height when it reported none', () => {
    const p = placePoint(rover, null, 'known', known, null, broadcast)!;
    const q = correctRoverFromBroadcast(rover, broadcast.height, known, broadcast);
    expect(p.latitude).toBe(q.latitude);
    expect(recordedPosition(rover, 'known', known, null, broadcast)).toEqual({ latitude: q.latitude, longitude: q.longitude });
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
  it("continues the crew's sequence from the last name: the trailing number plus one, padding and prefix kept", () => {
    expect(defaultPointName(1, ['CP-1'], 'CP-1')).toBe('CP-2');
    expect(defaultPointName(7, ['1000'], '1000')).toBe('1001');
    expect(defaultPointName(3, ['P009'], 'P009')).toBe('P010');
    expect(defaultPointName(3, ['A-99'], 'A-99')).toBe('A-100');
    expect(defaultPointName(3, ['MH 7b12'], 'MH 7b12')).toBe('MH 7b13');
    // a number too long for a double still counts by one
    expect(defaultPointName(1, [], '90071992547409939')).toBe('90071992547409940');
    // the next one taken (a re-shot numbered ahead): the first free after it
    expect(defaultPointName(3, ['CP-1', 'CP-2', 'CP-3'], 'CP-1')).toBe('CP-4');
  });
  it("falls back to P{n+1} where the last name ends in no number or there is none", () => {
    expect(defaultPointName(2, ['kerb', 'wall'], 'wall')).toBe('P3');
    expect(defaultPointName(0, [], null)).toBe('P1');
  });
  it('finds the last point made by its number (the list is in time order), passing over unnamed points', () => {
    const points = [
      { Name: 'CP-7', Number: 3 },
      { Name: 'CP-9', Number: 5 },
      { Name: '', Number: 6 },
      { Name: 'CP-8', Number: 4 },
    ];
    expect(lastPointName(points)).toBe('CP-9');
    expect(lastPointName([])).toBeNull();
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
