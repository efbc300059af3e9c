import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { Db, DbShare, Queryable } from './db.js';
import { settingStatements } from './settings.js';

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { message: string; code?: string };
}
/** A NOTIFY heard on a channel this port listens to (op 'listen'). */
interface Notice {
  notify: string;
  payload: string;
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

/** The database thread's end a client talks to: the Worker itself (the parent) or a MessagePort given to it. */
type Port = Pick<Worker & MessagePort, 'postMessage' | 'ref' | 'unref'> & { on(event: 'message', f: (m: Reply | Notice) => void): unknown };

/**
 * The Db interface by messages on `port` (pglite-worker.mjs answers each on the port it came on). The port keeps its
 * thread alive only while a statement is pending.
 */
function portClient(port: Port) {
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const settle = (id: number, outcome: { ok: true; value: unknown } | { ok: false; error: Error }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (pending.size === 0) port.unref();
    if (outcome.ok) p.ok(outcome.value);
    else p.fail(outcome.error);
  };
  const listeners = new Map<string, ((payload: string) => void)[]>();
  port.on('message', (m: Reply | Notice) => {
    if ('notify' in m) {
      for (const f of listeners.get(m.notify) ?? []) f(m.payload);
      return;
    }
    settle(m.id, m.ok ? { ok: true, value: m.result } : { ok: false, error: new EmbeddedDbError(m.error!) });
  });
  /** Every pending and later call fails with `err`. */
  const stop = (err: Error) => {
    stopped ??= err;
    for (const id of [...pending.keys()]) settle(id, { ok: false, error: stopped });
  };

  function call<T>(msg: Record<string, unknown>, id = nextId++, transfer?: MessagePort[]): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((ok, fail) => {
      if (pending.size === 0) port.ref();
      pending.set(id, { ok: ok as (v: unknown) => void, fail });
      if (id !== 0) port.postMessage({ ...msg, id }, transfer);
    });
  }

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) => call<T[]>({ op: 'query', sql, params, tx }),
  });
  const db: Omit<Db, 'close'> = {
    kind: 'pglite',
    ...queryable(),
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (err) {
        // the statement's own error is the one to report; a rollback that fails leaves nothing committed
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async queryWith<T>(settings: Record<string, string>, sql: string, params: unknown[] = []) {
      return call<T[]>({ op: 'queryWith', settings: settingStatements(settings), sql, params });
    },
    async listen(channel: string, onPayload: (payload: string) => void) {
      const known = listeners.get(channel);
      if (known) return void known.push(onPayload);
      listeners.set(channel, [onPayload]);
      await call({ op: 'listen', channel });
    },
    async share(): Promise<DbShare> {
      const { port1, port2 } = new MessageChannel();
      await call({ op: 'port', port: port2 }, undefined, [port2]);
      return { kind: 'pglite', port: port1 };
    },
  };
  return { db, call, stop, isStopped: () => stopped !== undefined };
}

/**
 * Opens PGlite on a thread of its own (pglite-worker.mjs) and answers the Db interface by messages: statements run in
 * parallel with the api's event loop instead of inside it. Results come back as structured clones (Dates, arrays and
 * bytes intact). The thread keeps the process alive only while a statement is pending.
 */
export async function openPgliteThread(o: {
  dataDir?: string;
  schema?: string;
  options?: PGliteOptions;
  /** A tar of a data folder (from dumpDataDir) the database starts as, instead of a new one. */
  template?: string;
}): Promise<Db & { dumpDataDir(): Promise<Uint8Array> }> {
  // the thread's code is plain JavaScript; it inherits the process's options (a loader or profiler in NODE_OPTIONS
  // is loaded by every thread, so it must be able to load it)
  // a small young generation: the thread's garbage (rows on their way out) stays a few MB (decision 005)
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: o, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
  const client = portClient(worker);
  worker.on('error', (err) => client.stop(new Error(`the embedded database stopped: ${err.message}`, { cause: err })));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('exit', (code) => client.stop(new Error(`the embedded database stopped (thread exit ${code})`)));

  // id 0 is the thread's "ready" (or the error it could not open the database with)
  await client.call({}, 0);

  return {
    ...client.db,
    /** The data folder as a tar, after a checkpoint: what `template` starts another database from. */
    dumpDataDir: () => client.call<Uint8Array>({ op: 'dump' }),
    async close() {
      if (client.isStopped()) return;
      await client.call({ op: 'close' });
      client.stop(new Error('the embedded database is closed'));
      // the thread ends by itself once its port is closed (its exit handlers run); terminate is the backstop
      const backstop = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(backstop);
    },
  };
}

/** The embedded database from another thread of the process, on the port its `share()` gave (see openShared). */
export function pgliteOnPort(port: MessagePort): Db {
  const client = portClient(port);
  port.unref();
  port.on('close', () => client.stop(new Error('the embedded database is closed')));
  return {
    ...client.db,
    async close() {
      client.stop(new Error('the embedded database connection is closed'));
      port.close();
    },
  };
}
