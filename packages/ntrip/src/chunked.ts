/**
 * A streaming decoder of HTTP/1.1 chunked bodies (NTRIP 2 uploads and streams): chunks are not aligned with RTCM
 * frames, sizes may come split across reads, and a size line longer than a few bytes is garbage.
 */
export class ChunkedDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private left = 0; // bytes of the current chunk's data still to come
  private state: 'size' | 'data' | 'crlf' | 'done' = 'size';

  /** Data bytes in chunk; throws on a malformed body. */
  push(chunk: Buffer): Buffer[] {
    let b = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    const out: Buffer[] = [];
    while (b.length && this.state !== 'done') {
      if (this.state === 'size') {
        const nl = b.indexOf('\r\n');
        if (nl < 0) {
          if (b.length > 32) throw new Error('chunk size line too long');
          this.pending = Buffer.from(b);
          return out;
        }
        const size = b.subarray(0, nl).toString('latin1').split(';')[0]!.trim();
        if (!/^[0-9a-fA-F]{1,8}$/.test(size)) throw new Error('malformed chunk size');
        this.left = parseInt(size, 16);
        b = b.subarray(nl + 2);
        this.state = this.left === 0 ? 'done' : 'data';
      } else if (this.state === 'data') {
        const n = Math.min(this.left, b.length);
        out.push(b.subarray(0, n));
        this.left -= n;
        b = b.subarray(n);
        if (this.left === 0) this.state = 'crlf';
      } else {
        if (b.length < 2) {
          this.pending = Buffer.from(b);
          return out;
        }
        if (b[0] !== 0x0d || b[1] !== 0x0a) throw new Error('missing CRLF after chunk');
        b = b.subarray(2);
        this.state = 'size';
      }
    }
    return out;
  }

  get done(): boolean {
    return this.state === 'done';
  }
}

/**
 * One chunk of an HTTP/1.1 chunked body, size line, data and CRLF in one Buffer: a caster builds it once per burst
 * and writes the same bytes to every NTRIP 2 client, one write each.
 */
export function chunk(data: Buffer): Buffer {
  const size = `${data.length.toString(16)}\r\n`;
  const out = Buffer.allocUnsafe(size.length + data.length + 2);
  out.write(size, 0, 'latin1');
  data.copy(out, size.length);
  out[out.length - 2] = 0x0d;
  out[out.length - 1] = 0x0a;
  return out;
}
