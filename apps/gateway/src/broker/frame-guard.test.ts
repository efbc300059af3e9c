import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/fixtures.js';
import { FrameScanner } from './frame-guard.js';

const MAX_PUBLISH = 300;
const MAX_OTHER = 64;

const publish = (topic: string, bytes: number) =>
  mqttPacket.generate({ cmd: 'publish', topic, payload: Buffer.alloc(bytes, 0x41), qos: 0, retain: false, dup: false });
const ping = () => mqttPacket.generate({ cmd: 'pingreq' });

/** Feeds `stream` cut at the given offsets; answers the bytes handed on (or 'close') and how many frames were skipped. */
function scan(stream: Buffer, cuts: number[]) {
  let oversized = 0;
  const scanner = new FrameScanner(MAX_PUBLISH, MAX_OTHER, () => oversized++);
  const passed: Buffer[] = [];
  let from = 0;
  for (const to of [...cuts, stream.length]) {
    if (!scanner.feed(stream.subarray(from, to), (bytes) => passed.push(bytes))) return { passed: 'close' as const, oversized };
    from = to;
  }
  return { passed: Buffer.concat(passed), oversized };
}

describe('the frame scanner', () => {
  // a 2-byte header (short publish), a 3-byte one (a publish over 127 bytes), a 0-length frame, an oversized publish
  const frames = [publish('devices/R1/nmea', 20), ping(), publish('devices/R2/nmea', 200), publish('devices/R3/nmea', 5000), publish('devices/R4/nmea', 1), ping()];
  const stream = Buffer.concat(frames);
  const expected = Buffer.concat(frames.filter((_, i) => i !== 3));

  it('hands on every frame but the oversized publish, byte for byte, in one piece per chunk', () => {
    const whole = new FrameScanner(MAX_PUBLISH, MAX_OTHER, () => {});
    const out: Buffer[] = [];
    expect(whole.feed(stream, (bytes) => out.push(bytes))).toBe(true);
    expect(Buffer.concat(out).equals(expected)).toBe(true);
    // the frames before the skipped one are one run of the chunk, the frames after it another
    expect(out).toHaveLength(2);
    expect(out[0]!.buffer).toBe(stream.buffer);
  });

  it('gives the same bytes however the stream is cut, headers cut in two included', () => {
    // every single cut point (headers of every size cut at every byte)...
    for (let at = 1; at < stream.length; at++) {
      const { passed, oversized } = scan(stream, [at]);
      expect(passed !== 'close' && passed.equals(expected), `cut at ${at}`).toBe(true);
      expect(oversized).toBe(1);
    }
    // ...and many random ones, down to one byte per chunk
    const random = seededRandom(7);
    for (let round = 0; round < 200; round++) {
      const cuts: number[] = [];
      for (let at = 0; at < stream.length; at += 1 + Math.floor(random() * (round % 2 ? 4 : 300))) if (at > 0) cuts.push(at);
      const { passed, oversized } = scan(stream, cuts);
      expect(passed !== 'close' && passed.equals(expected), `cuts ${cuts.join(',')}`).toBe(true);
      expect(oversized).toBe(1);
    }
  });

  it('closes on a frame other than a publish over its limit, and on a malformed length', () => {
    const bigSubscribe = mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'x'.repeat(100), qos: 0 }] });
    expect(scan(Buffer.concat([ping(), bigSubscribe]), [3]).passed).toBe('close');
    // a remaining length whose fifth byte still says "more follows"
    expect(scan(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), []).passed).toBe('close');
  });
});
