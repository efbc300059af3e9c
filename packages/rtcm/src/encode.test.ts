import { describe, expect, it } from 'vitest';
import { decodeRtcmFrame, rtcmFrame, splitRtcmFrames, station1005or1006, type RtcmStationPosition } from './index.js';
import { rtcmFixture } from './testing.js';

/** The 1005 example printed in the RTCM 3 standard (gpsd's rtcm3-standard-example.log). */
const STANDARD_1005 = Buffer.from('D300133ED7D30202980EDEEF34B4BD62AC0941986F33360B98', 'hex');

/** gpsd's JSON decoding of the standard's example frames. */
const gpsdStandard = rtcmFixture('rtcm3-standard-example.chk')
  .toString('utf8')
  .split(/\r?\n/)
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the RTCM 3 encoder', () => {
  it("writes the standard's 1005 example byte for byte (CRC-24Q included) from gpsd's decoding of it", () => {
    const want = gpsdStandard.find((m) => m.type === 1005)!;
    expect(want.system).toEqual(['GPS']);
    const frame = station1005or1006({
      stationId: want.station_id as number,
      x: want.x as number,
      y: want.y as number,
      z: want.z as number,
      gps: true,
      glonass: false,
      galileo: false,
    });
    expect(frame.toString('hex').toUpperCase()).toBe(STANDARD_1005.toString('hex').toUpperCase());
  });

  // RTKLIB (str2str) is an encoder that is not ours. Its station messages set the "single receiver oscillator" bit
  // (DF142), which ours leaves 0 (not claimed); with that one bit set, every other bit and the CRC must agree.
  it.each(['rtklib-station-rtcm3-2.rtcm3', 'rtklib-station-rtcm3-3.rtcm3'])("writes RTKLIB's 1005 and 1006 bit for bit but its oscillator flag (%s)", (name) => {
    const frames = splitRtcmFrames(rtcmFixture(name)).frames.filter((f) => [1005, 1006].includes(decodeRtcmFrame(f)!.type));
    expect(new Set(frames.map((f) => decodeRtcmFrame(f)!.type))).toEqual(new Set([1005, 1006]));
    for (const theirs of frames) {
      const m = decodeRtcmFrame(theirs) as RtcmStationPosition;
      const ours = station1005or1006({ ...m, antennaHeight: m.type === 1006 ? m.antennaHeight : undefined });
      expect(ours).not.toEqual(Buffer.from(theirs));
      const payload = Uint8Array.from(ours.subarray(3, ours.length - 3));
      // DF142 follows message number (12), station id (12), ITRF year (6), four flags (4) and X (38): bit 72
      payload[9]! |= 0x80;
      expect(rtcmFrame(payload).toString('hex')).toBe(Buffer.from(theirs).toString('hex'));
    }
  });
});
