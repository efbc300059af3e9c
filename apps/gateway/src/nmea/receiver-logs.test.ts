import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DeviceLive } from '../device-link/device-live.js';
import { withChecksum } from '@smi/rtcm';
import { parseNmeaPayload } from './parse.js';
import { RECEIVER_LOGS_DIR } from '../testing/nmea-log.js';

/**
 * Real receivers' sentence orders against gpsd's own decoding of them: a fix is read whatever order the receiver
 * sends its sentences in. The u-blox ZED-F9P logs of gpsd's regression suite with gpsd's .chk output (TPV after the
 * sentences it decoded). u-blox sends RMC before GGA; the RTK log (NMEA 2.1, no RMC mode) sends GGA before RMC, as
 * Trimble and NovAtel receivers do.
 */
const DATA = RECEIVER_LOGS_DIR;

interface Tpv {
  time: string;
  status?: number;
  mode: number;
  lat: number;
  lon: number;
  altMSL?: number;
  geoidSep?: number;
}

// gpsd's TPV status -> the product's fix type (gpsd.h: 1 GPS, 2 DGPS, 3 RTK fixed, 4 RTK float, 5/6 dead reckoning,
// 8 simulated, 9 PPS; absent: 1)
const GPSD_STATUS: Record<number, string> = { 1: 'single', 2: 'dgps', 3: 'rtk-fixed', 4: 'rtk-float', 5: 'dead-reckoning', 6: 'dead-reckoning', 8: 'simulation', 9: 'single' };

/** The log's epochs: the sentences of each time of day, in the receiver's order, with gpsd's last TPV of that time. */
function epochs(file: string): { sentences: string[]; tpv: Tpv }[] {
  const byTime = new Map<string, { sentences: string[]; tpv?: Tpv }>();
  let current: { sentences: string[]; tpv?: Tpv } | undefined;
  for (const line of readFileSync(`${DATA}/${file}`, 'latin1').split('\n')) {
    if (line.startsWith('$')) {
      const id = line.slice(3, 6);
      const time = id === 'GGA' || id === 'RMC' || id === 'GST' || id === 'ZDA' ? line.split(',')[1] : undefined;
      if (time) {
        current = byTime.get(time) ?? { sentences: [] };
        byTime.set(time, current);
      }
      current?.sentences.push(line.trim());
    } else if (line.startsWith('{"class":"TPV"') && current) {
      current.tpv = JSON.parse(line) as Tpv;
    }
  }
  return [...byTime.values()].filter((e): e is { sentences: string[]; tpv: Tpv } => e.tpv?.mode === 3);
}

const logs = ['ublox-zed-f9p-nmea.log.chk', 'ublox-zed-f9p-rtk.log.chk'];

describe('real receiver logs, epoch by epoch, against gpsd', () => {
  for (const file of logs) {
    it(`${file}: the fix type, position and heights gpsd decodes, in the receiver's order and reversed`, () => {
      const all = epochs(file);
      expect(all.length).toBeGreaterThanOrEqual(9);
      for (const { sentences, tpv } of all) {
        const want = GPSD_STATUS[tpv.status ?? 1];
        for (const order of [sentences, [...sentences].reverse()]) {
          const { update } = parseNmeaPayload(order.join('\r\n'));
          expect(update.fixType).toBe(want);
          expect(update.position?.latitude).toBeCloseTo(tpv.lat, 8);
          expect(update.position?.longitude).toBeCloseTo(tpv.lon, 8);
          // gpsd prints 826.541 for the GGA's 826.54 (its altitude comes through its own datum arithmetic): to the cm
          expect(update.altitude).toBeCloseTo(tpv.altMSL!, 2);
          expect(update.geoidSeparation).toBeCloseTo(tpv.geoidSep!, 3);
        }
      }
    });
  }
});

/** A sentence of a real epoch with one field changed, re-checksummed. */
function edit(sentence: string, index: number, value: string): string {
  const fields = sentence.slice(1, sentence.lastIndexOf('*')).split(',');
  fields[index] = value;
  return withChecksum(fields.join(','));
}

describe('an RTK fixed rover whose RMC says only "D" (NMEA 2.3)', () => {
  // the RTK log's first epoch, made RTK fixed (GGA quality 4) with an NMEA 2.3 RMC mode 'D'
  const [epoch] = epochs('ublox-zed-f9p-rtk.log.chk');
  const gga = edit(epoch!.sentences.find((s) => s.startsWith('$GPGGA'))!, 6, '4');
  const rmc = withChecksum(`${edit(epoch!.sentences.find((s) => s.startsWith('$GPRMC'))!, 0, 'GPRMC').slice(1, -3)},D`);
  const nextRmc = withChecksum(`${rmc.slice(1, -3).replace('110425.00', '110426.00')}`);

  it('is RTK fixed whether GGA comes first (Trimble) or RMC (u-blox)', () => {
    expect(rmc.split(',')).toHaveLength(13);
    expect(parseNmeaPayload(`${gga}\r\n${rmc}\r\n`).update.fixType).toBe('rtk-fixed');
    expect(parseNmeaPayload(`${rmc}\r\n${gga}\r\n`).update.fixType).toBe('rtk-fixed');
  });

  it('stays RTK fixed when the RMC of the same epoch comes in a message of its own', () => {
    const s = new DeviceLive({ code: 'R1', name: 'R1', type: 'rover' }, Date.UTC(2022, 9, 11, 11, 4, 25));
    const at = Date.UTC(2022, 9, 11, 11, 4, 25, 300);
    s.applyFix(parseNmeaPayload(gga).update, at);
    s.applyFix(parseNmeaPayload(rmc).update, at);
    expect(s.snapshot().fixType).toBe('rtk-fixed');
    // the next epoch's RMC alone is all there is of that epoch: it is believed
    s.applyFix(parseNmeaPayload(nextRmc).update, at + 1000);
    expect(s.snapshot().fixType).toBe('dgps');
  });

  it('reads NMEA 4.x RMC modes R and F as RTK fixed and float, and GGA still wins within the epoch', () => {
    const rmcR = withChecksum(`${rmc.slice(1, -5)},R`);
    const rmcF = withChecksum(`${rmc.slice(1, -5)},F`);
    expect(parseNmeaPayload(rmcR).update.fixType).toBe('rtk-fixed');
    expect(parseNmeaPayload(rmcF).update.fixType).toBe('rtk-float');
    const ggaFloat = edit(gga, 6, '5');
    expect(parseNmeaPayload(`${ggaFloat}\n${rmcR}`).update.fixType).toBe('rtk-float');
    expect(parseNmeaPayload(`${rmcR}\n${ggaFloat}`).update.fixType).toBe('rtk-float');
  });
});

describe('every GGA quality', () => {
  const [epoch] = epochs('ublox-zed-f9p-rtk.log.chk');
  const gga = epoch!.sentences.find((s) => s.startsWith('$GPGGA'))!;
  it('maps 0-8 to a documented fix type; 6, 7 and 8 keep their position but are no survey fix', () => {
    const got = ['0', '1', '2', '3', '4', '5', '6', '7', '8'].map((q) => {
      const { update } = parseNmeaPayload(edit(gga, 6, q));
      return [update.fixType, update.position === null ? 'no position' : 'position'];
    });
    expect(got).toEqual([
      [null, 'no position'],
      ['single', 'position'],
      ['dgps', 'position'],
      ['single', 'position'],
      ['rtk-fixed', 'position'],
      ['rtk-float', 'position'],
      ['dead-reckoning', 'position'],
      ['manual', 'position'],
      ['simulation', 'position'],
    ]);
  });
});
