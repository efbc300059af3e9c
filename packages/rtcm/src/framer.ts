import { crc24q } from './crc24q.js';

export const RTCM_PREAMBLE = 0xd3;
/** Header (preamble, 6 reserved bits, 10-bit length) and CRC-24Q around the payload. */
const OVERHEAD = 6;
/** A frame is at most 3 + 1023 + 3 bytes. */
export const RTCM_MAX_FRAME = 3 + 1023 + 3;

export interface RtcmFramerStats {
  /** Frames whose CRC-24Q matched. */
  frames: number;
  /** Candidate frames (a preamble with a plausible header) whose CRC-24Q did not match: dropped. */
  crcFailures: number;
  /** Bytes skipped while looking for a preamble (text, other protocols, the remains of bad frames). */
  skippedBytes: number;
}

/**
 * Cuts an RTCM 3 byte stream into frames: preamble 0xD3, 6 reserved bits (zero), a 10-bit payload length, the
 * payload and CRC-24Q. Chunks may cut frames anywhere; the framer keeps what it has not finished (at most one
 * frame, 1,029 bytes). After junk or a frame that fails its CRC it resynchronises on the next preamble, one byte
 * on, as RTKLIB does: a bad candidate's bytes may hide the start of a real frame.
 *
 * `onFrame` gets each good frame, whole (header + payload + CRC): a view into the pushed chunk, or into a copy
 * the framer made when the frame spanned chunks; `onBad` gets each candidate that failed its CRC. Neither is
 * called for skipped junk.
 */
export class RtcmFramer {
  readonly stats: RtcmFramerStats = { frames: 0, crcFailures: 0, skippedBytes: 0 };
  private pending: Buffer | null = null;

  push(chunk: Uint8Array, onFrame: (frame: Buffer) => void, onBad?: (candidate: Buffer) => void): void {
    const input = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const buf = this.pending ? Buffer.concat([this.pending, input]) : input;
    this.pending = null;
    let pos = 0;
    while (pos < buf.length) {
      const start = buf.indexOf(RTCM_PREAMBLE, pos);
      if (start < 0) {
        this.stats.skippedBytes += buf.length - pos;
        return;
      }
      this.stats.skippedBytes += start - pos;
      if (buf.length - start < 3) {
        this.keep(buf, start);
        return;
      }
      const b1 = buf[start + 1]!;
      if (b1 & 0xfc) {
        // reserved bits set: not a frame header
        this.stats.skippedBytes += 1;
        pos = start + 1;
        continue;
      }
      const length = ((b1 & 0x03) << 8) | buf[start + 2]!;
      const end = start + 3 + length + 3;
      if (end > buf.length) {
        // Either the rest of a frame is still to come, or junk looked like a header with a long length. A whole
        // frame that checks further on settles it (a false CRC match is a 1 in 16 million chance): skip to it
        // rather than hold good frames back until the false length has been read.
        const next = nextWholeFrame(buf, start + 1);
        if (next < 0) {
          this.keep(buf, start);
          return;
        }
        this.stats.skippedBytes += next - start;
        pos = next;
        continue;
      }
      const expected = (buf[end - 3]! << 16) | (buf[end - 2]! << 8) | buf[end - 1]!;
      if (crc24q(buf, start, end - 3) === expected) {
        this.stats.frames += 1;
        onFrame(buf.subarray(start, end));
        pos = end;
      } else {
        this.stats.crcFailures += 1;
        this.stats.skippedBytes += 1;
        onBad?.(buf.subarray(start, end));
        pos = start + 1;
      }
    }
  }

  /** Bytes held back waiting for the rest of a frame. */
  get buffered(): number {
    return this.pending?.length ?? 0;
  }

  private keep(buf: Buffer, from: number): void {
    // copied: the caller's chunk may be reused once push returns
    this.pending = Buffer.from(buf.subarray(from));
  }
}

function nextWholeFrame(buf: Buffer, from: number): number {
  for (let i = buf.indexOf(RTCM_PREAMBLE, from); i >= 0 && i + 3 <= buf.length; i = buf.indexOf(RTCM_PREAMBLE, i + 1)) {
    const b1 = buf[i + 1]!;
    if (b1 & 0xfc) continue;
    const end = i + 6 + (((b1 & 0x03) << 8) | buf[i + 2]!);
    if (end <= buf.length && crc24q(buf, i, end - 3) === ((buf[end - 3]! << 16) | (buf[end - 2]! << 8) | buf[end - 1]!)) return i;
  }
  return -1;
}

/** Frames of a whole buffer (tests, files): the good ones, and how many failed their CRC. */
export function splitRtcmFrames(bytes: Uint8Array): { frames: Buffer[]; stats: RtcmFramerStats } {
  const framer = new RtcmFramer();
  const frames: Buffer[] = [];
  framer.push(bytes, (f) => frames.push(f));
  return { frames, stats: framer.stats };
}

export const RTCM_FRAME_OVERHEAD = OVERHEAD;
