import { readFileSync } from 'node:fs';

/** RTCM 3 for tests: frames to send as a base would, and the committed captures and gpsd decodings (test/fixtures). */
export * from './test-frames.js';

/** One of the package's fixtures (see test/fixtures/README.md), as bytes. */
export function rtcmFixture(name: string): Buffer {
  return readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url));
}
