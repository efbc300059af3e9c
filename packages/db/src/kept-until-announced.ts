import type { Db, Queryable } from './db.js';

/**
 * Values read from the database and kept until a write announces them: a trigger's `pg_notify(channel, key)` drops
 * the key's value, an empty key every value (decision 082). Only where the database hands a notice over before the
 * reply of the write that sent it (the embedded one, `Db.listen`); elsewhere `read` runs every time. A value read
 * while any notice arrived is not kept (it may predate it), nor one read before the process listens; undefined (not
 * found) is never kept. At most `max` values, the least recently used going first.
 */
export function keptUntilAnnounced<V>(db: Queryable & Pick<Db, 'listen'>, channel: string, read: (key: string) => Promise<V | undefined>, max = 10_000): (key: string) => Promise<V | undefined> {
  if (!db.listen) return read;
  const kept = new Map<string, V>();
  let listening = false;
  /** notices heard so far */
  let heard = 0;
  db.listen(channel, (key) => {
    heard++;
    if (key) kept.delete(key);
    else kept.clear();
  }).then(
    () => (listening = true),
    // not listening: every value is read, as on a server
    () => undefined,
  );
  return async (key) => {
    const found = kept.get(key);
    if (found !== undefined) {
      // the most recently used last: the first key is the one to drop
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const keep = listening;
    const before = heard;
    const value = await read(key);
    if (value !== undefined && keep && heard === before) {
      kept.set(key, value);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    }
    return value;
  };
}
