import { describe, expect, it } from 'vitest';
import { readNmeaLog } from '../testing/nmea-log.js';
import { withChecksum } from '@smi/rtcm';
import { decodeSentence, parseNmeaPayload } from './parse.js';

describe('GSA and the survey fields of GGA/GST, on a real u-blox ZED-F9P log checked against gpsd', () => {
  const epochs = readNmeaLog('ublox-zed-f9p-nmea').filter((e) => e.sentences.some((s) => s.includes('GGA')));

  it('PDOP and VDOP agree with gpsd for every epoch; satellites used are summed over the constellations', () => {
    expect(epochs.length).toBeGreaterThan(20);
    for (const epoch of epochs) {
      const { update } = parseNmeaPayload(epoch.sentences.join('\r\n'));
      const sky = epoch.gpsd.SKY!;
      expect(update.pdop).toBe(sky.pdop);
      expect(update.vdop).toBe(sky.vdop);
      const used = epoch.sentences
        .filter((s) => s.slice(3, 6) === 'GSA')
        .reduce((n, s) => n + s.split('*')[0]!.split(',').slice(3, 15).filter((f) => f !== '').length, 0);
      expect(update.satellitesUsed).toBe(used);
    }
  });

  it('altitude + GGA geoid separation is gpsd altHAE; GST sigmas are those of gpsd GST', () => {
    for (const epoch of epochs) {
      const { update } = parseNmeaPayload(epoch.sentences.join('\r\n'));
      const tpv = epoch.gpsd.TPV!;
      expect(update.geoidSeparation).toBe(tpv.geoidSep);
      expect(update.altitude! + update.geoidSeparation!).toBeCloseTo(tpv.altHAE as number, 6);
      const gst = epoch.gpsd.GST;
      if (gst) {
        expect(update.sigmaNorth).toBe(gst.lat);
        expect(update.sigmaEast).toBe(gst.lon);
        expect(update.verticalAccuracy).toBe(gst.alt);
      }
    }
  });

  it('reads the age of corrections and the reference station id from GGA', () => {
    const rtk = withChecksum('GNGGA,110425.00,4707.7455620,N,01512.7225920,E,4,19,1.11,826.56,M,44.866,M,1.4,0123');
    expect(decodeSentence(rtk)).toMatchObject({ correctionAge: 1.4, stationId: '0123', geoidSeparation: 44.866 });
  });

  it('a GSA without a fix gives no DOPs (receivers print 99.99)', () => {
    expect(decodeSentence(withChecksum('GNGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99,1'))).toEqual({ satellitesUsed: 0 });
  });
});

describe('GSA in the live path', () => {
  it('a payload of GSA alone makes no reading (as before GSA was read); with a GGA its DOPs ride along', () => {
    const gsa = withChecksum('GNGSA,A,3,13,16,21,15,10,29,27,20,,,,,1.05,0.64,0.83,1');
    expect(parseNmeaPayload(gsa)).toMatchObject({ used: 0, ignored: 1 });
    const gga = withChecksum('GNGGA,110425.00,4707.7455620,N,01512.7225920,E,4,19,1.11,826.56,M,44.866,M,1.4,0123');
    expect(parseNmeaPayload(`${gsa}\r\n${gga}`)).toMatchObject({ used: 1, ignored: 1, update: { pdop: 1.05, vdop: 0.83, fixType: 'rtk-fixed' } });
  });
});
