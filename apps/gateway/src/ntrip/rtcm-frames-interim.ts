/**
 * INTERIM RTCM 3 framing for the NTRIP caster (issue 21): preamble 0xD3, 10-bit length, CRC-24Q, resync past
 * garbage. Issue 19's framer/decoder (apps/gateway/src/rtcm/) replaces this file when it lands: the caster only
 * needs `crc24q`, `RtcmFramer` (push bytes, get whole CRC-valid frames) and `messageType`.
 */

const CRC24Q_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 16;
    for (let j = 0; j < 8; j++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
    t[i] = crc & 0xffffff;
  }
  return t;
})();

/** CRC-24Q (the checksum of every RTCM 3 frame) over bytes. */
export function crc24q(bytes: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) crc = ((crc << 8) & 0xffffff) ^ CRC24Q_TABLE[((crc >> 16) ^ bytes[i]!) & 0xff]!;
  return crc;
}

/** The 12-bit message number of a whole frame. */
export function messageType(frame: Uint8Array): number {
  return (frame[3]! << 4) | (frame[4]! >> 4);
}

const MAX_PAYLOAD = 1023;

/**
 * A streaming RTCM 3 framer: bytes in any chunking, whole CRC-valid frames out (the exact bytes received).
 * Bytes that are not part of a valid frame are skipped one at a time (resync on the next 0xD3).
 */
export class RtcmFramer {
  private buf: Buffer = Buffer.alloc(0);
  /** Bytes skipped (garbage, or frames whose CRC failed). */
  skipped = 0;
  /** Frames whose CRC failed. */
  crcFailures = 0;

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    let i = 0;
    const b = this.buf;
    while (i < b.length) {
      if (b[i] !== 0xd3) {
        i++;
        this.skipped++;
        continue;
      }
      if (b.length - i < 3) break;
      const len = ((b[i + 1]! & 0x03) << 8) | b[i + 2]!;
      if ((b[i + 1]! & 0xfc) !== 0 || len > MAX_PAYLOAD) {
        i++;
        this.skipped++;
        continue;
      }
      if (b.length - i < len + 6) break;
      const end = i + 3 + len;
      const crc = (b[end]! << 16) | (b[end + 1]! << 8) | b[end + 2]!;
      if (crc24q(b.subarray(i, end)) !== crc) {
        this.crcFailures++;
        i++;
        this.skipped++;
        continue;
      }
      out.push(Buffer.from(b.subarray(i, end + 3)));
      i = end + 3;
    }
    this.buf = i >= b.length ? Buffer.alloc(0) : Buffer.from(b.subarray(i));
    return out;
  }
}
