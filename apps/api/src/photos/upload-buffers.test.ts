import { describe, expect, it } from 'vitest';
import { uploadBuffers } from './upload-buffers.js';

const MIB = 1024 * 1024;

describe('uploadBuffers: photo bodies read into memory an earlier upload gave back', () => {
  it('hands the same memory to the next upload that fits in it, rounded up to whole MiB', () => {
    const pool = uploadBuffers(16 * MIB);
    const first = pool.take(3_300_000);
    expect(first.length).toBe(4 * MIB);
    pool.give(first.subarray(0, 3_300_000)); // a view of it, as the upload's bytes are
    expect(pool.idleBytes()).toBe(4 * MIB);
    const second = pool.take(3_900_000);
    expect(second.buffer).toBe(first.buffer);
    expect(pool.idleBytes()).toBe(0);
    // larger than anything idle: new memory
    pool.give(second);
    expect(pool.take(5 * MIB).buffer).not.toBe(first.buffer);
  });

  it('takes the smallest idle buffer that fits', () => {
    const pool = uploadBuffers(16 * MIB);
    const [large, small] = [pool.take(8 * MIB), pool.take(2 * MIB)];
    pool.give(large);
    pool.give(small);
    expect(pool.take(1_000_000).buffer).toBe(small.buffer);
    expect(pool.take(1_000_000).buffer).toBe(large.buffer);
  });

  it('ignores a second give and memory it never handed out, and keeps at most idleMax bytes waiting', () => {
    const pool = uploadBuffers(8 * MIB);
    const a = pool.take(4 * MIB);
    pool.give(a);
    pool.give(a);
    pool.give(Buffer.alloc(MIB));
    expect(pool.idleBytes()).toBe(4 * MIB);
    const [b, c, d] = [pool.take(4 * MIB), pool.take(4 * MIB), pool.take(4 * MIB)];
    for (const x of [b, c, d]) pool.give(x);
    expect(pool.idleBytes()).toBe(8 * MIB);
  });
});
