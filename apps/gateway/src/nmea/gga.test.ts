import { describe, expect, it } from 'vitest';
import { withChecksum } from '@smi/rtcm';
import { decodeSentence } from './parse.js';

// Real receiver output: NovAtel OEM manuals (DGPS, RTK float), a SiRF evaluation log, a u-blox ZED-F9P log.
const NOVATEL_DGPS = '$GPGGA,134658.00,5106.9792,N,11402.3003,W,2,09,1.0,1048.47,M,-16.27,M,08,AAAA*60';
const NOVATEL_RTK_FLOAT = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';
const SIRF_SINGLE = '$GPGGA,161229.487,3723.2475,N,12158.3416,W,1,07,1.0,9.0,M,,,,0000*18';
const UBLOX_SINGLE = '$GNGGA,001043.00,4404.14036,N,12118.85961,W,1,12,0.98,1113.0,M,-21.3,M,,*47';

describe('GGA', () => {
  it('reads position, DGPS fix, satellites, HDOP and altitude from a NovAtel sentence', () => {
    expect(decodeSentence(NOVATEL_DGPS)).toEqual({
      position: { latitude: expect.closeTo(51.11632, 5), longitude: expect.closeTo(-114.038338, 5) },
      fixType: 'dgps',
      fixRank: 2,
      satellites: 9,
      hdop: 1.0,
      altitude: 1048.47,
      geoidSeparation: -16.27,
      timeOfDayMs: (13 * 3600 + 46 * 60 + 58) * 1000,
      correctionAge: 8,
      stationId: 'AAAA',
    });
  });

  it('maps fix quality 5 to an RTK float fix', () => {
    expect(decodeSentence(NOVATEL_RTK_FLOAT)).toMatchObject({ fixType: 'rtk-float', satellites: 40, hdop: 0.5 });
  });

  it('maps fix quality 4 to an RTK fixed fix', () => {
    const fixed = withChecksum('GPGGA,202530.00,5109.0262,N,11401.8407,W,4,21,0.6,1097.36,M,-17.00,M,1.2,TSTR');
    expect(decodeSentence(fixed)).toMatchObject({ fixType: 'rtk-fixed', satellites: 21 });
  });

  it('reads a single fix with milliseconds in the time and empty geoid fields', () => {
    expect(decodeSentence(SIRF_SINGLE)).toMatchObject({
      fixType: 'single',
      position: { latitude: expect.closeTo(37.387458, 5), longitude: expect.closeTo(-121.97236, 5) },
      altitude: 9,
      timeOfDayMs: (16 * 3600 + 12 * 60 + 29) * 1000 + 487,
    });
    expect(decodeSentence(UBLOX_SINGLE)).toMatchObject({ fixType: 'single', satellites: 12, altitude: 1113 });
  });

  it('says "no position" for a no-fix GGA instead of reporting 0,0', () => {
    const noFix = '$GPGGA,,,,,,0,00,99.99,,,,,,*48';
    const update = decodeSentence(noFix);
    expect(update).toMatchObject({ position: null, fixType: null, satellites: 0, hdop: 99.99 });
    expect(update).not.toHaveProperty('altitude');
  });

  it('says "no position" when a fix quality comes with empty coordinates', () => {
    expect(decodeSentence(withChecksum('GPGGA,123519,,,,,1,08,0.9,545.4,M,46.9,M,,'))).toMatchObject({ position: null, fixType: null });
  });

  it('rejects a sentence whose checksum does not match', () => {
    expect(decodeSentence(NOVATEL_DGPS.replace('*60', '*61'))).toBe('rejected');
    expect(decodeSentence(NOVATEL_DGPS.replace('1048.47', '1048.48'))).toBe('rejected');
  });

  it('rejects a sentence without a checksum', () => {
    expect(decodeSentence(NOVATEL_DGPS.slice(0, NOVATEL_DGPS.indexOf('*')))).toBe('rejected');
  });
});
