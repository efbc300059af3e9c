import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Writes an export to the HTTP response as it is made, waiting whenever the client is slower than the database
 * (so a 100k-point file never piles up in memory). `alive` turns false when the client has gone away: the
 * writers then stop reading instead of waiting for a drain that will never come.
 */
export class ResponseSink {
  constructor(private readonly out: Writable) {}

  get alive(): boolean {
    return !this.out.destroyed && !this.out.writableEnded;
  }

  /** Writes one chunk; resolves when the response can take more. */
  async write(chunk: string | Buffer): Promise<void> {
    if (!this.alive) return;
    if (!this.out.write(chunk)) await this.drained();
  }

  /** Writes without waiting, for a library's 'data' events; the caller waits with settle() between steps. */
  push(chunk: Buffer): void {
    if (this.alive) this.out.write(chunk);
  }

  /** Waits until the response has room (or is gone). */
  async drained(): Promise<void> {
    const out = this.out;
    if (!out.writableNeedDrain || !this.alive) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        out.off('error', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
      out.on('error', done);
    });
  }

  /**
   * For a library that pushes into its own readable (pdfkit) piped into the response: waits until both the
   * library's buffer and the response have room.
   */
  async settle(source: { readableLength: number }, limit = 1 << 20): Promise<void> {
    while (this.alive && (this.out.writableNeedDrain || source.readableLength > limit)) {
      if (this.out.writableNeedDrain) await this.drained();
      else await nextTurn();
    }
  }

  end(chunk?: string): void {
    if (this.alive) this.out.end(chunk);
  }
}
