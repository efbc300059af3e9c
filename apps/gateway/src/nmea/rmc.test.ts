import { describe, expect, it } from 'vitest';
import { decodeSentence } from './parse.js';

// Real receiver output: a u-blox NEO-M8 log, a NovAtel OEM manual example, a SiRF evaluation log.
const UBLOX = '$GNRMC,001031.00,A,4404.13993,N,12118.86023,W,0.146,,100117,,,A*7B';
const NOVATEL = '$GPRMC,144326.00,A,5107.0017737,N,11402.3291611,W,0.080,323.3,210307,0.0,E,A*20';
const SIRF = '$GPRMC,161229.487,A,3723.2475,N,12158.3416,W,0.13,309.62,120598,,*10';

describe('RMC', () => {
  it('reads position, the full UTC date and time, and the autonomous mode', () => {
    expect(decodeSentence(UBLOX)).toEqual({
      position: { latitude: expect.closeTo(44.068999, 5), longitude: expect.closeTo(-121.314337, 5) },
      fixType: 'single',
      fixRank: 1,
      timeOfDayMs: (0 * 3600 + 10 * 60 + 31) * 1000,
      dateMs: Date.UTC(2017, 0, 10),
    });
    expect(decodeSentence(NOVATEL)).toMatchObject({ dateMs: Date.UTC(2007, 2, 21), position: { latitude: expect.closeTo(51.116696, 5) } });
  });

  it('leaves the fix type to GGA when an older receiver sends no mode indicator', () => {
    const update = decodeSentence(SIRF);
    expect(update).toMatchObject({ position: { latitude: expect.closeTo(37.387458, 5) }, dateMs: Date.UTC(1998, 4, 12) });
    expect(update).not.toHaveProperty('fixType');
  });

  it('says "no position" for a void (V) RMC with empty fields', () => {
    expect(decodeSentence('$GPRMC,,V,,,,,,,,,,N*53')).toEqual({ position: null, fixType: null, fixRank: 1 });
  });

  it('rejects a corrupted RMC', () => {
    expect(decodeSentence(UBLOX.replace('4404.13993', '4404.13994'))).toBe('rejected');
  });
});
