import { describe, expect, it } from 'vitest';
import type { Db } from '@smi/db';
import { AppError } from '../http/errors.js';
import { StakeContexts } from './context.js';

/** A database that knows no project: every load is refused with a 404 after counting its queries. */
function emptyDb() {
  const calls = { queries: 0 };
  const query = async () => {
    calls.queries++;
    return [];
  };
  const db = { query, queryWith: async () => query(), tx: async (fn: (q: unknown) => unknown) => fn({ query }) } as unknown as Db;
  return { db, calls };
}

const who = { workspaceId: 'w1', userId: 'u1' };

describe('stake contexts', () => {
  it('loads a target once for every caller while the load runs, and forgets a refusal', async () => {
    const { db, calls } = emptyDb();
    let now = 1_000_000;
    const contexts = new StakeContexts(db, '', () => now);
    const a = contexts.of(who, 'p1', { pointId: 'd1' });
    const b = contexts.of(who, 'p1', { pointId: 'd1' });
    expect(b).toBe(a);
    await expect(a).rejects.toBeInstanceOf(AppError);
    await expect(a).rejects.toMatchObject({ status: 404 });
    const afterOne = calls.queries;
    expect(afterOne).toBeGreaterThan(0);
    // refused: not kept, so the next caller (within the second) asks the database again
    now += 10;
    const c = contexts.of(who, 'p1', { pointId: 'd1' });
    expect(c).not.toBe(a);
    await expect(c).rejects.toMatchObject({ status: 404 });
    expect(calls.queries).toBe(2 * afterOne);
  });

  it('keeps targets, users and line stations apart', () => {
    const { db } = emptyDb();
    const now = 5_000_000;
    const contexts = new StakeContexts(db, '', () => now);
    const seen = [
      contexts.of(who, 'p1', { pointId: 'd1' }),
      contexts.of(who, 'p1', { pointId: 'd2' }),
      contexts.of({ ...who, userId: 'u2' }, 'p1', { pointId: 'd1' }),
      contexts.of(who, 'p1', { lineId: 'l1', station: 10 }),
      contexts.of(who, 'p1', { lineId: 'l1', station: 20 }),
      contexts.of(who, 'p1', { lineId: 'l1', station: 20, offset: 1 }),
    ];
    for (const p of seen) p.catch(() => undefined); // refused by the empty database; only identity is tested here
    expect(new Set(seen).size).toBe(seen.length);
  });
});
