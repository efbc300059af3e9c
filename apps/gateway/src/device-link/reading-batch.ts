import type { LiveReading } from '@smi/contracts';

/**
 * Gathers the readings made in one turn of the event loop and hands them on together, right after the turn
 * (setImmediate: no reading waits for a timer). Devices publish in bursts (a connection carrying many devices
 * writes them back to back), and one internal message per burst instead of one per reading is what lets the
 * broker and every api process keep up at tens of thousands of readings a second.
 */
export function readingBatcher(o: { max: number; send: (readings: LiveReading[]) => void }) {
  let batch: LiveReading[] = [];
  let scheduled: NodeJS.Immediate | undefined;

  function flush() {
    scheduled = undefined;
    if (!batch.length) return;
    const out = batch;
    batch = [];
    o.send(out);
  }

  return {
    add(reading: LiveReading) {
      batch.push(reading);
      if (batch.length >= o.max) {
        clearImmediate(scheduled);
        flush();
      } else scheduled ??= setImmediate(flush);
    },
    /** Drops what is gathered (the broker is closing). */
    close() {
      clearImmediate(scheduled);
      batch = [];
    },
  };
}
