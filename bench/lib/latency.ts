import { percentile } from './stats.js';

/** Latency samples taken only while `measuring` (after the warm-up), and every delivery counted. */
export function latencySink() {
  const samples: number[] = [];
  let received = 0;
  let measuring = false;
  return {
    add(ms: number) {
      received++;
      if (measuring) samples.push(ms);
    },
    start() {
      measuring = true;
    },
    stop() {
      measuring = false;
    },
    get received() {
      return received;
    },
    get count() {
      return samples.length;
    },
    p: (q: number) => percentile(samples, q),
    /** the latencies measured (for a percentile over several steps) */
    samples: () => samples,
  };
}
export type LatencySink = ReturnType<typeof latencySink>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` or `ms` passed (readings still in flight when the publishers stop). */
export async function drain(done: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await sleep(50);
}
