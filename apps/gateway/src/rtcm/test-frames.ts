// Builds RTCM 3 frames for tests and the simulator: the fields of a message in order, framed with CRC-24Q.
import { crc24q } from './crc24q.js';

export class BitWriter {
  private bits: number[] = [];
  put(value: number, width: number): this {
    let v = BigInt(Math.round(value));
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

export function antenna1008(stationId: number, antenna: string, setupId: number, serial: string): Buffer {
  return rtcmFrame(new BitWriter().put(1008, 12).put(stationId, 12).text(antenna).put(setupId, 8).text(serial).bytes());
}

export function descriptors1033(
  stationId: number,
  d: { antenna: string; setupId: number; antennaSerial: string; receiver: string; firmware: string; receiverSerial: string },
): Buffer {
  return rtcmFrame(
    new BitWriter()
      .put(1033, 12)
      .put(stationId, 12)
      .text(d.antenna)
      .put(d.setupId, 8)
      .text(d.antennaSerial)
      .text(d.receiver)
      .text(d.firmware)
      .text(d.receiverSerial)
      .bytes(),
  );
}

/** A GLONASS 1012 header with no satellites (epoch in ms of the Moscow day). */
export function glonass1012(stationId: number, epochMs: number): Buffer {
  return rtcmFrame(new BitWriter().put(1012, 12).put(stationId, 12).put(epochMs, 27).put(0, 1).put(0, 5).put(0, 4).bytes());
}

/** An MSM header with the given satellites and one signal, no cell data (enough for the epoch time). */
export function msmHeader(type: number, stationId: number, epochMs: number, satellites: number[], glonassDay = 0): Buffer {
  const w = new BitWriter().put(type, 12).put(stationId, 12);
  if (Math.floor(type / 10) === 108) w.put(glonassDay, 3).put(epochMs, 27);
  else w.put(epochMs, 30);
  w.put(0, 1).put(0, 3).put(0, 7).put(0, 2).put(0, 2).put(0, 1).put(0, 3);
  for (let i = 1; i <= 64; i++) w.put(satellites.includes(i) ? 1 : 0, 1);
  w.put(1, 1).put(0, 31);
  return rtcmFrame(w.bytes());
}
