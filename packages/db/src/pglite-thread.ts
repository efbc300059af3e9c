import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';
import { settingStatements } from './settings.js';

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { message: string; code?: string };
}

/** An error raised by the database thread, with PostgreSQL's fields (code, constraint, detail ...) as they came. */
export class EmbeddedDbError extends Error {
  code?: string;
  constructor(fields: { message: string; code?: string }) {
    super(fields.message);
    Object.assign(this, fields);
    this.name = 'EmbeddedDbError';
  }
}

/**
 * Opens PGlite on a thread of its own (pglite-worker.mjs) and answers the Db interface by messages: statements run in
 * parallel with the api's event loop instead of inside it. Results come back as structured clones (Dates, arrays and
 * bytes intact). The thread keeps the process alive only while a statement is pending.
 */
export async function openPgliteThread(o: { dataDir?: string; schema?: string; options?: PGliteOptions }): Promise<Db> {
  // the thread's code is plain JavaScript; it inherits the process's options (a loader or profiler in NODE_OPTIONS
  // is loaded by every thread, so it must be able to load it)
  // a small young generation: the thread's garbage (rows on their way out) stays a few MB (decision 005)
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: o, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const settle = (id: number, outcome: { ok: true; value: unknown } | { ok: false; error: Error }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (outcome.ok) p.ok(outcome.value);
    else p.fail(outcome.error);
  };
  worker.on('message', (m: Reply) => settle(m.id, m.ok ? { ok: true, value: m.result } : { ok: false, error: new EmbeddedDbError(m.error!) }));
  const stop = (err: Error) => {
    stopped ??= err;
    for (const id of [...pending.keys()]) settle(id, { ok: false, error: stopped });
  };
  worker.on('error', (err) => stop(new Error(`the embedded database stopped: ${err.message}`, { cause: err })));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('exit', (code) => stop(new Error(`the embedded database stopped (thread exit ${code})`)));

  function call<T>(msg: Record<string, unknown>, id = nextId++): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((ok, fail) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { ok: ok as (v: unknown) => void, fail });
      if (id !== 0) worker.postMessage({ ...msg, id });
    });
  }

  // id 0 is the thread's "ready" (or the error it could not open the database with)
  await call({}, 0);

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) => call<T[]>({ op: 'query', sql, params, tx }),
  });
  const db: Db = {
    kind: 'pglite',
    ...queryable(),
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async queryWith<T>(settings: Record<string, string>, sql: string, params: unknown[] = []) {
      return call<T[]>({ op: 'queryWith', settings: settingStatements(settings), sql, params });
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      stop(new Error('the embedded database is closed'));
      // the thread ends by itself once its port is closed (its exit handlers run); terminate is the backstop
      const backstop = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(backstop);
    },
  };
  return db;
}
