// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every statement here, so a
// slow statement never holds the api's event loop, where readings and requests are handled.
// Plain JavaScript on purpose: a worker thread must load without the TypeScript loader of its parent.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteFloatArrayArgs } from './float-params.mjs';

const ROLLBACK = Symbol('rollback');
/** @type {Map<number, { q: import('@electric-sql/pglite').Transaction, end: (how: { id: number, commit: boolean }) => void, out: import('node:worker_threads').MessagePort }>} */
const open = new Map();
let nextTx = 1;
/** @type {PGlite} */
let lite;

/** What the parent needs of an error: the message and PostgreSQL's fields (code 23505, constraint, ...). */
function describe(err) {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const out = { message: String(err.message ?? err) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'hint', 'position', 'where']) {
    if (err[key] !== undefined) out[key] = err[key];
  }
  return out;
}

/** The port a message came on is the one its answer goes to: the parent's, or another thread's (op 'port'). */
const reply = (out, id, result) => out.postMessage({ id, ok: true, result });
const fail = (out, id, err) => out.postMessage({ id, ok: false, error: describe(err) });

async function begin(out, id) {
  const tx = nextTx++;
  let end;
  /** @type {Promise<{ id: number, commit: boolean }>} the parent's end of this transaction */
  const ended = new Promise((resolve) => (end = resolve));
  let started = false;
  let last;
  try {
    // PGlite commits when the callback resolves and rolls back when it throws; the parent decides which by `end`,
    // and hears back only once the COMMIT or ROLLBACK is done
    await lite.transaction(async (q) => {
      started = true;
      open.set(tx, { q, end, out });
      reply(out, id, tx);
      last = await ended;
      if (!last.commit) throw ROLLBACK;
    });
    reply(out, last.id, null);
  } catch (err) {
    if (!started) fail(out, id, err);
    else if (err === ROLLBACK) reply(out, last.id, null);
    else fail(out, last.id, err);
  } finally {
    open.delete(tx);
  }
}

async function handle(msg, out) {
  const { id, op } = msg;
  try {
    if (op === 'query') {
      const target = msg.tx ? open.get(msg.tx)?.q : lite;
      if (!target) throw new Error('the transaction has ended');
      return reply(out, id, (await target.query(msg.sql, ...pgliteFloatArrayArgs(lite, msg.params))).rows);
    }
    if (op === 'queryWith') {
      // the settings' SET LOCAL statements and the query in one transaction, all on this thread
      const rows = await lite.transaction(async (q) => {
        for (const statement of msg.settings) await q.query(statement);
        return (await q.query(msg.sql, ...pgliteFloatArrayArgs(lite, msg.params))).rows;
      });
      return reply(out, id, rows);
    }
    if (op === 'listen') {
      // NOTIFY's payloads on `channel`, each posted on the port that asked before the reply of the statement whose
      // commit sent it (PGlite hands them over while it reads that statement's answer), so one port sees them in order
      await lite.listen(msg.channel, (payload) => out.postMessage({ notify: msg.channel, payload }));
      return reply(out, id, null);
    }
    if (op === 'begin') return void begin(out, id);
    if (op === 'end') {
      const tx = open.get(msg.tx);
      if (!tx) throw new Error('the transaction has ended');
      open.delete(msg.tx);
      return tx.end({ id, commit: msg.commit });
    }
    if (op === 'port') {
      // another thread of the process (the gateway's occupation engine) gets a connection of its own: statements
      // come and go on its port without passing through the parent's event loop
      const port = msg.port;
      port.on('message', (m) => void handle(m, port));
      // its thread ended (or closed it) in the middle of a transaction: rolled back, or PGlite's one connection
      // would wait for it forever
      port.on('close', () => {
        for (const [tx, t] of open) {
          if (t.out !== port) continue;
          open.delete(tx);
          t.end({ id: 0, commit: false });
        }
      });
      return reply(out, id, null);
    }
    if (op === 'dump') {
      // the data folder as a tar (PGlite's dumpDataDir), to start other databases from (the `template` option)
      await lite.query('CHECKPOINT');
      const bytes = new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer());
      return out.postMessage({ id, ok: true, result: bytes }, [bytes.buffer]);
    }
    if (op === 'close') {
      if (out !== parentPort) throw new Error('only the parent closes the database');
      await lite.close();
      reply(out, id, null);
      return parentPort.close();
    }
    throw new Error(`unknown operation ${op}`);
  } catch (err) {
    fail(out, id, err);
  }
}

try {
  // a template (a tar of a data folder, from op 'dump') is unpacked instead of running initdb
  const options = workerData.template ? { ...workerData.options, loadDataDir: new Blob([readFileSync(workerData.template)]) } : workerData.options;
  lite = await PGlite.create(workerData.dataDir, options);
  if (workerData.schema) await lite.exec(`CREATE SCHEMA IF NOT EXISTS "${workerData.schema}"; SET search_path TO "${workerData.schema}"`);
  parentPort.on('message', (msg) => void handle(msg, parentPort));
  parentPort.postMessage({ id: 0, ok: true, result: 'ready' });
} catch (err) {
  parentPort.postMessage({ id: 0, ok: false, error: describe(err) });
}
