import { crc32, createDeflateRaw } from 'node:zlib';
import type { ResponseSink } from './sink.js';

/**
 * A minimal streaming ZIP writer (PKWARE APPNOTE 4.3): each entry deflated as it is written, its CRC and sizes in a
 * data descriptor after it (flag bit 3), so nothing is held in memory, or stored whole when it is at hand (photos);
 * UTF-8 names (bit 11); a central directory at the end. No ZIP64: an entry stays under 4 GB (a 100,000-point shapefile is ~25 MB).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number; flags: number; method: number }[] = [];

  constructor(private readonly sink: Pick<ResponseSink, 'write' | 'alive'>) {}

  private async out(b: Buffer) {
    this.offset += b.length;
    await this.sink.write(b);
  }

  private localHeader(name: Buffer, flags: number, method: number, crc = 0, size = 0) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00 (DOS time, date)
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18); // compressed size: the same when stored
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    return Buffer.concat([local, name]);
  }

  /** Writes one file from the chunks the producer yields. */
  async entry(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    const entry = await this.begin(name);
    for await (const chunk of chunks) {
      if (!this.sink.alive) return;
      await entry.write(chunk);
    }
    await entry.end();
  }

  /**
   * Opens one deflated file to be written chunk by chunk (for a writer that pushes, like the point tables); only one
   * entry may be open at a time.
   */
  async begin(name: string): Promise<{ readonly alive: boolean; write(chunk: Buffer | string): Promise<void>; end(): Promise<void> }> {
    const nameBytes = Buffer.from(name, 'utf8');
    const start = this.offset;
    await this.out(this.localHeader(nameBytes, 0x0808, 8)); // data descriptor, UTF-8 name; deflate

    const deflate = createDeflateRaw();
    let compressed = 0;
    const pending: Buffer[] = [];
    deflate.on('data', (c: Buffer) => pending.push(c));
    const flushOut = async () => {
      while (pending.length) {
        const c = pending.shift()!;
        compressed += c.length;
        await this.out(c);
      }
    };
    let crc = 0;
    let size = 0;
    const sink = this.sink;
    return {
      get alive() {
        return sink.alive;
      },
      write: async (data) => {
        if (!this.sink.alive) return;
        const chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        crc = crc32(chunk, crc);
        size += chunk.length;
        await new Promise<void>((ok) => (deflate.write(chunk) ? ok() : deflate.once('drain', ok)));
        await flushOut();
      },
      end: async () => {
        if (!this.sink.alive) return;
        // 'end' (not end()'s callback, which is 'finish'): every compressed byte has been emitted
        await new Promise<void>((ok) => {
          deflate.once('end', ok);
          deflate.end();
        });
        await flushOut();
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(crc >>> 0, 4);
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(size, 12);
        await this.out(descriptor);
        this.entries.push({ name: nameBytes, crc: crc >>> 0, compressed, size, offset: start, flags: 0x0808, method: 8 });
      },
    };
  }

  /**
   * Writes one file as it is, not compressed (a JPEG does not deflate): its CRC and size go in its header, so every
   * reader finds them before the data.
   */
  async stored(name: string, bytes: Buffer): Promise<void> {
    if (!this.sink.alive) return;
    const nameBytes = Buffer.from(name, 'utf8');
    const start = this.offset;
    const crc = crc32(bytes) >>> 0;
    await this.out(this.localHeader(nameBytes, 0x0800, 0, crc, bytes.length));
    await this.out(bytes);
    this.entries.push({ name: nameBytes, crc, compressed: bytes.length, size: bytes.length, offset: start, flags: 0x0800, method: 0 });
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(e.method, 10);
      h.writeUInt32LE(0x00210000, 12);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.out(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.out(end);
  }
}
