import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc24q, decodeRtcmFrame, RtcmFramer, splitRtcmFrames } from './index.js';
import { rtcmFixture } from './testing.js';

const STANDARD_1005 = Buffer.from('D300133ED7D30202980EDEEF34B4BD62AC0941986F33360B98', 'hex');
const STANDARD_1029 = Buffer.from(
  'D300274050170084736E151E5554462D3820D0BFD180D0BED0B2D0B5D180D0BAD0B02077C3B6727465 72EDA33B'.replace(/ /g, ''),
  'hex',
);
const STREAM = Buffer.concat([rtcmFixture('rtklib-1004-1077.rtcm3'), STANDARD_1005, STANDARD_1029, rtcmFixture('station-rtcm3-2.rtcm3')]);

describe('CRC-24Q', () => {
  it('matches the checksum printed in the standard example frames', () => {
    for (const f of [STANDARD_1005, STANDARD_1029]) expect(crc24q(f, 0, f.length - 3)).toBe(f.readUIntBE(f.length - 3, 3));
  });
});

describe('RtcmFramer', () => {
  const whole = splitRtcmFrames(STREAM);

  it('finds every frame of a stream that starts with comment text, and counts the skipped bytes', () => {
    // station-rtcm3-2.rtcm3 starts with a '#' line, as gpsd's captures do
    expect(whole.frames.map((f) => decodeRtcmFrame(f)!.type)).toEqual([
      1004, 1077, 1004, 1077, 1004, 1077, 1004, 1077, 1004, 1077, 1005, 1029, 1006, 1008, 1033,
    ]);
    expect(whole.stats.crcFailures).toBe(0);
    expect(whole.stats.skippedBytes).toBeGreaterThan(40);
  });

  it('resynchronises after junk that contains preambles and hands frames back byte for byte', () => {
    const junk = Buffer.from([0xd3, 0x00, 0x05, 0x11, 0xd3, 0xd3, 0x02, 0xff, 0x24, 0x47, 0x50]);
    const { frames } = splitRtcmFrames(Buffer.concat([junk, Buffer.from('$GPGGA,junk*00\r\n'), STANDARD_1005, junk, STANDARD_1005]));
    // the junk's "d3 00 05" header swallows what follows it, so the framer must step back one byte and rescan
    expect(frames).toEqual([STANDARD_1005, STANDARD_1005]);
  });

  it('rejects a frame with one flipped bit by its CRC, counts it, and still finds the next frame', () => {
    const flipped = Buffer.from(STANDARD_1005);
    flipped[10]! ^= 0x08;
    const framer = new RtcmFramer();
    const good: Buffer[] = [];
    const bad: Buffer[] = [];
    framer.push(Buffer.concat([flipped, STANDARD_1029]), (f) => good.push(Buffer.from(f)), (b) => bad.push(Buffer.from(b)));
    expect(bad).toEqual([flipped]);
    expect(good).toEqual([STANDARD_1029]);
    expect(framer.stats).toMatchObject({ frames: 1, crcFailures: 1 });
  });

  it('gives the same frames whatever the chunks the stream arrives in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: STREAM.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const framer = new RtcmFramer();
        const got: Buffer[] = [];
        let from = 0;
        for (const at of [...points, STREAM.length]) {
          framer.push(STREAM.subarray(from, at), (f) => got.push(Buffer.from(f)));
          from = at;
        }
        expect(got).toEqual(whole.frames);
        expect(framer.buffered).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on random bytes, random cuttings or random corruption, and keeps at most one frame buffered', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 10 }),
        (noise, cuts, flips) => {
          const bytes = Buffer.concat([noise, STREAM, noise]);
          for (const [at, v] of flips) bytes[at % bytes.length] = v;
          const framer = new RtcmFramer();
          let from = 0;
          for (const at of [...cuts.filter((c) => c < bytes.length).sort((a, b) => a - b), bytes.length]) {
            framer.push(bytes.subarray(from, at), (f) => {
              decodeRtcmFrame(f);
            });
            from = at;
          }
          expect(framer.buffered).toBeLessThanOrEqual(1029);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes random payloads in valid frames without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 1023 }), (payload) => {
        const frame = Buffer.alloc(payload.length + 6);
        frame[0] = 0xd3;
        frame.writeUInt16BE(payload.length, 1);
        frame.set(payload, 3);
        frame.writeUIntBE(crc24q(frame, 0, payload.length + 3), payload.length + 3, 3);
        expect(splitRtcmFrames(frame).frames).toHaveLength(1);
        decodeRtcmFrame(frame);
      }),
      { numRuns: 500 },
    );
  });
});
