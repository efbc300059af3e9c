/**
 * Memory for photo bodies, reused from one upload to the next (decision 084). A 3 MB photo copied into a new buffer
 * on every upload counts, in V8, against the old generation's limit until the next full collection, so back-to-back
 * uploads started a mark-compact every one to three photos, and its marking fell inside the uploads. A body taken from
 * here goes back once its upload is done with it; at most `idleMax` bytes wait between uploads.
 */
export interface UploadBuffers {
  /** A buffer of at least `length` bytes: an idle one that fits, else a new one rounded up to whole MiB. */
  take(length: number): Buffer;
  /** Gives back the buffer `bytes` was read into (any view of it); bytes not taken from here are left alone. */
  give(bytes: Buffer): void;
  /** Bytes waiting for the next upload. */
  idleBytes(): number;
}

const MIB = 1024 * 1024;

export function uploadBuffers(idleMax: number): UploadBuffers {
  const idle: Buffer[] = [];
  // the memory handed out and not given back yet: a view of anything else, or a second give, changes nothing
  const out = new WeakSet<ArrayBuffer>();
  let idleBytes = 0;
  return {
    take(length) {
      let best = -1;
      for (let i = 0; i < idle.length; i++) if (idle[i]!.length >= length && (best < 0 || idle[i]!.length < idle[best]!.length)) best = i;
      const buffer = best >= 0 ? idle.splice(best, 1)[0]! : Buffer.allocUnsafeSlow(Math.ceil(length / MIB) * MIB);
      if (best >= 0) idleBytes -= buffer.length;
      out.add(buffer.buffer as ArrayBuffer); // allocUnsafeSlow: memory of its own, never a shared pool
      return buffer;
    },
    give(bytes) {
      const memory = bytes.buffer;
      if (!(memory instanceof ArrayBuffer) || !out.has(memory)) return;
      out.delete(memory);
      const whole = Buffer.from(memory);
      if (idleBytes + whole.length > idleMax) return; // the collector takes it
      idle.push(whole);
      idleBytes += whole.length;
    },
    idleBytes: () => idleBytes,
  };
}
