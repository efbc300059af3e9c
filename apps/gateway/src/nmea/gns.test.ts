import { describe, expect, it } from 'vitest';
import { withChecksum } from '@smi/rtcm';
import { decodeSentence, parseNmeaPayload } from './parse.js';

// the u-blox M8 protocol description's GNS example (NMEA 4.1: a nav status field at the end), with its modes varied
const gns = (modes: string) => withChecksum(`GNGNS,103600.01,5114.51176,N,00012.29380,W,${modes},07,1.18,111.5,45.6,,,V`);
// a GGA of the same epoch, the same position
const gga = (quality: number) => withChecksum(`GNGGA,103600.01,5114.51176,N,00012.29380,W,${quality},07,1.18,111.5,M,45.6,M,,`);

describe('GNS', () => {
  it('reads position, satellites, HDOP, altitude and geoid separation', () => {
    expect(decodeSentence(gns('ANNN'))).toEqual({
      position: { latitude: expect.closeTo(51.241863, 5), longitude: expect.closeTo(-0.204897, 5) },
      fixType: 'single',
      fixRank: 1,
      satellites: 7,
      hdop: 1.18,
      altitude: 111.5,
      geoidSeparation: 45.6,
      timeOfDayMs: (10 * 3600 + 36 * 60) * 1000 + 10,
    });
  });

  it('takes the best mode of its constellations', () => {
    const fixOf = (modes: string) => (decodeSentence(gns(modes)) as { fixType: unknown }).fixType;
    expect(['RR', 'NR', 'FR', 'FN', 'DA', 'PN', 'EN', 'MN', 'SN', 'NNNN'].map(fixOf)).toEqual([
      'rtk-fixed', 'rtk-fixed', 'rtk-fixed', 'rtk-float', 'dgps', 'single', 'dead-reckoning', 'manual', 'simulation', null,
    ]);
    expect(decodeSentence(gns('NNNN'))).toMatchObject({ position: null });
  });

  it('gives way to GGA of the same epoch in either order', () => {
    expect(parseNmeaPayload(`${gns('DD')}\r\n${gga(4)}`).update.fixType).toBe('rtk-fixed');
    expect(parseNmeaPayload(`${gga(4)}\r\n${gns('DD')}`).update.fixType).toBe('rtk-fixed');
    expect(parseNmeaPayload(`${gga(5)}\r\n${gns('RR')}`).update.fixType).toBe('rtk-float');
  });
});
