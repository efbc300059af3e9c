import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

const PUBLISH = 3;

/**
 * Reads the MQTT byte stream frame by frame (fixed header: type byte + remaining-length varint) before aedes does,
 * so that an oversized message is never buffered: a PUBLISH longer than `maxPublish` is skipped as it streams past
 * (and counted), any other frame longer than `maxOther` ends the connection. aedes has no size limit of its own.
 */
export class FrameScanner {
  // the fixed header being read: type byte + up to 4 length bytes (a fifth length byte is refused)
  private readonly header = new Uint8Array(5);
  private headerLength = 0;
  private passing = 0;
  private skipping = 0;

  constructor(
    private readonly maxPublish: number,
    private readonly maxOther: number,
    private readonly onOversized: () => void,
  ) {}

  /**
   * Hands on (`pass`) the bytes of the frames that may go through, and answers false for a frame no client should
   * send (the connection is to be closed). The frames that pass go as the runs of the chunk they arrived in (the
   * chunk itself when all of it passes): no copy, no Buffer per frame, and nothing allocated for a chunk of whole
   * frames. Every socket read of every device passes here.
   */
  feed(chunk: Buffer, pass: (bytes: Buffer) => void): boolean {
    // where the run of passing bytes in this chunk started (-1: none open)
    let from = -1;
    // the header being read began at this index of the chunk (-1: in an earlier chunk; its bytes so far are carried)
    let headerAt = this.headerLength ? -1 : 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - i);
        this.skipping -= n;
        i += n;
      } else if (this.passing > 0) {
        if (from < 0) from = i;
        const n = Math.min(this.passing, chunk.length - i);
        this.passing -= n;
        i += n;
      } else {
        if (!this.headerLength) headerAt = i;
        this.header[this.headerLength++] = chunk[i++]!;
        const length = remainingLength(this.header, this.headerLength);
        if (length === 'invalid') return false;
        if (length === undefined) continue;
        const type = this.header[0]! >> 4;
        if (type === PUBLISH && length > this.maxPublish) {
          if (from >= 0 && headerAt > from) pass(chunk.subarray(from, headerAt));
          from = -1;
          this.onOversized();
          this.skipping = length;
        } else if (type !== PUBLISH && length > this.maxOther) {
          return false;
        } else if (headerAt >= 0) {
          if (from < 0) from = headerAt;
          this.passing = length;
        } else {
          // the header began in an earlier chunk: its bytes from there go first, then this chunk's from its start
          pass(Buffer.from(this.header.subarray(0, this.headerLength - i)));
          from = 0;
          this.passing = length;
        }
        this.headerLength = 0;
      }
    }
    // a header cut off by the end of the chunk waits for the next one
    const to = this.headerLength && headerAt >= 0 ? headerAt : chunk.length;
    if (from >= 0 && to > from) pass(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
    return true;
  }
}

// MQTT "remaining length": 1 to 4 bytes, 7 bits each, high bit = more follows
function remainingLength(header: Uint8Array, length: number): number | undefined | 'invalid' {
  if (length < 2) return undefined;
  let value = 0;
  for (let k = 1; k < length; k++) {
    const byte = header[k]!;
    value += (byte & 0x7f) * 128 ** (k - 1);
    if ((byte & 0x80) === 0) return value;
    if (k === 4) return 'invalid';
  }
  return undefined;
}

/**
 * The socket as aedes sees it: reads pass the scanner first; writes go straight through, gathered per turn of the
 * event loop. The socket is corked at the first write and uncorked once the pending I/O of this turn is handled
 * (setImmediate), so every message for this subscriber that the turn's incoming packets produced leaves in one
 * syscall. Without it each message to each subscriber cost a syscall of its own, the gateway's largest cost under
 * load; when idle a turn is one packet, so nothing waits longer than it takes to handle it.
 */
export function guardedConnection(socket: Socket, scanner: FrameScanner): Duplex {
  let corked = false;
  const gather = () => {
    if (corked) return;
    corked = true;
    socket.cork();
    setImmediate(() => {
      corked = false;
      if (socket.writableCorked) socket.uncork();
    });
  };
  const conn: Duplex = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk, _enc, cb) {
      gather();
      socket.write(chunk, cb);
    },
    // aedes corks this stream while it writes a packet's pieces: they arrive here together
    writev(chunks, cb) {
      gather();
      chunks.forEach(({ chunk }, i) => (i === chunks.length - 1 ? socket.write(chunk, cb) : socket.write(chunk)));
    },
    final(cb) {
      socket.end(cb);
    },
    destroy(err, cb) {
      // what was written before the close (a refusing CONNACK) still goes out
      while (socket.writableCorked) socket.uncork();
      socket.destroy();
      cb(err);
    },
  });
  let more = true;
  const pass = (bytes: Buffer) => {
    more = conn.push(bytes) && more;
  };
  socket.on('data', (chunk: Buffer) => {
    more = true;
    if (!scanner.feed(chunk, pass)) {
      conn.destroy();
      return;
    }
    if (!more) socket.pause();
  });
  socket.on('end', () => conn.push(null));
  socket.on('error', (err) => conn.destroy(err));
  socket.on('close', () => conn.destroy());
  return conn;
}
