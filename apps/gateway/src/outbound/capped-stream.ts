import { Duplex } from 'node:stream';
import type { FrameScanner } from '../broker/frame-guard.js';

/**
 * A client-side stream (to a broker we connect out to) whose incoming bytes pass the same frame scanner as the
 * devices' connections: a PUBLISH above the limit is skipped as it streams past instead of being buffered whole
 * by the MQTT parser (MQTT allows 256 MB), any other oversized frame ends the connection.
 */
export function cappedInbound(inner: Duplex, scanner: FrameScanner): Duplex {
  const outer = new Duplex({
    read() {
      inner.resume();
    },
    write(chunk, _enc, cb) {
      inner.write(chunk, cb);
    },
    final(cb) {
      inner.end(cb);
    },
    destroy(err, cb) {
      inner.destroy();
      cb(err);
    },
  });
  const pass = (bytes: Buffer) => {
    if (!outer.push(bytes)) inner.pause();
  };
  inner.on('data', (chunk: Buffer) => {
    if (!scanner.feed(chunk, pass)) outer.destroy();
  });
  inner.on('end', () => outer.push(null));
  inner.on('error', (err) => outer.destroy(err));
  inner.on('close', () => outer.destroy());
  return outer;
}
