// RTCM 3 encoding: the fields of a message in order, framed with preamble, length and CRC-24Q. The simulator's base
// sends what a real base sends with it; tests build their frames with it.
import { crc24q } from './crc24q.js';

export class BitWriter {
  private bits: number[] = [];
  put(value: number | bigint, width: number): this {
    let v = typeof value === 'bigint' ? value : BigInt(Math.round(value));
    if (v < 0n) v += 1n << BigInt(width);
    for (let i = width - 1; i >= 0; i--) this.bits.push(Number((v >> BigInt(i)) & 1n));
    return this;
  }
  text(s: string, lengthBits = 8): this {
    const bytes = Buffer.from(s, 'latin1');
    this.put(bytes.length, lengthBits);
    for (const b of bytes) this.put(b, 8);
    return this;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((b, i) => (out[i >> 3]! |= b << (7 - (i & 7))));
    return out;
  }
}

export function rtcmFrame(payload: Uint8Array): Buffer {
  const frame = Buffer.alloc(payload.length + 6);
  frame[0] = 0xd3;
  frame[1] = (payload.length >> 8) & 0x03;
  frame[2] = payload.length & 0xff;
  frame.set(payload, 3);
  const crc = crc24q(frame, 0, 3 + payload.length);
  frame.set([(crc >> 16) & 0xff, (crc >> 8) & 0xff, crc & 0xff], 3 + payload.length);
  return frame;
}

/** A reference station message: 1005, or 1006 when the antenna height is given. */
export interface StationFields {
  stationId: number;
  x: number;
  y: number;
  z: number;
  /** Present: a 1006. */
  antennaHeight?: number;
  itrfYear?: number;
  gps?: boolean;
  glonass?: boolean;
  galileo?: boolean;
}

export function station1005or1006(s: StationFields): Buffer {
  const w = new BitWriter()
    .put(s.antennaHeight === undefined ? 1005 : 1006, 12)
    .put(s.stationId, 12)
    .put(s.itrfYear ?? 0, 6)
    .put(s.gps === false ? 0 : 1, 1)
    .put(s.glonass ? 1 : 0, 1)
    .put(s.galileo ? 1 : 0, 1)
    .put(0, 1)
    .put(Math.round(s.x * 10_000), 38)
    .put(0, 2)
    .put(Math.round(s.y * 10_000), 38)
    .put(0, 2)
    .put(Math.round(s.z * 10_000), 38);
  if (s.antennaHeight !== undefined) w.put(Math.round(s.antennaHeight * 10_000), 16);
  return rtcmFrame(w.bytes());
}
