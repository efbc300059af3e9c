/**
 * Reads big-endian bit fields out of an RTCM payload. Fields are at most 38 bits wide, which a double holds
 * exactly, so no BigInt is needed. Reading past the end throws RangeError; decoders catch it and reject the frame.
 */
export class BitReader {
  pos = 0;
  constructor(
    private readonly bytes: Uint8Array,
    /** Bit offset of the first payload bit (3 in a whole frame: the header is 24 bits). */
    start = 0,
    private readonly endBit = bytes.length * 8,
  ) {
    this.pos = start;
  }

  get remaining(): number {
    return this.endBit - this.pos;
  }

  /** An unsigned field of `width` bits (1..53). */
  u(width: number): number {
    if (width <= 0 || this.pos + width > this.endBit) throw new RangeError('RTCM field past the end of the message');
    let value = 0;
    for (let left = width; left > 0; ) {
      const byte = this.bytes[this.pos >> 3]!;
      const offset = this.pos & 7;
      const take = Math.min(8 - offset, left);
      const bits = (byte >> (8 - offset - take)) & ((1 << take) - 1);
      value = value * (1 << take) + bits;
      this.pos += take;
      left -= take;
    }
    return value;
  }

  /** A two's complement signed field of `width` bits. */
  s(width: number): number {
    const value = this.u(width);
    const half = 2 ** (width - 1);
    return value >= half ? value - 2 * half : value;
  }

  skip(width: number): void {
    if (this.pos + width > this.endBit) throw new RangeError('RTCM field past the end of the message');
    this.pos += width;
  }

  /** `count` 8-bit characters (DF030 and the other descriptor strings are ISO 8859-1). */
  latin1(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += String.fromCharCode(this.u(8));
    return text;
  }

  bytesOf(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = this.u(8);
    return out;
  }
}
