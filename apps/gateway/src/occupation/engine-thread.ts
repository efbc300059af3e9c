import { Worker } from 'node:worker_threads';
import type { OccupationCommand, OccupationReport } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { BaseReference } from '@smi/base-setups';
import type { EpochTap } from '../device-link/ingest.js';
import type { Log } from '../log.js';
import type { FromEngine, ToEngine, WorkerInput } from './engine-worker.js';
import { occupationsRepository as repo, occupationViewOf } from '@smi/occupations';

/** The bundled server's engine-worker.js (apps/api/build-server.ts defines it); absent when run from the sources. */
declare const __OCCUPATION_WORKER__: string | undefined;

/** A device's messages wait this long at most before they go to the engine's thread, together with the others'. */
const HAND_OVER_MS = 20;
/** With no occupation left, the thread ends after this long (its heap and code given back); the next one starts it again. */
const IDLE_STOP_MS = 60_000;

export interface EngineThreadOptions {
  db: Db;
  log: Log;
  gatewayId: string;
  /** a batch of progress reports, and the same as the JSON the gateway publishes */
  report: (reports: OccupationReport[], json: string) => void;
  /** a base as this gateway knows it now (undefined when it does not ingest it) */
  baseReference?: (baseCode: string) => BaseReference | undefined;
  idleStopMs?: number;
}

/** Device messages for the engine, in the order they came (ToEngine's 'epochs'). */
type Batch = Pick<Extract<ToEngine, { t: 'epochs' }>, 'nmea' | 'readings'>;
const emptyBatch = (): Batch => ({ nmea: [], readings: [] });

function workerUrl(): URL {
  return typeof __OCCUPATION_WORKER__ === 'string' ? new URL(__OCCUPATION_WORKER__) : new URL('./engine-worker-tsx.mjs', import.meta.url);
}

/**
 * The gateway's occupation engine (engine.ts) on a thread of its own (engine-worker.ts), reached by messages: ingest
 * asks `has` of every message (a Set lookup, kept up to date by the engine) and hands the messages of the devices
 * with an occupation over in batches, every HAND_OVER_MS; the engine decodes them again there, and its statements go
 * to the database from there (its own connection: Db.share); its reports come back in batches. On the gateway's
 * event loop, the engine's work and garbage lengthened the live feed's p99 (decision 033).
 *
 * The thread runs only while there are occupations: started by the first (or at start, for those the database
 * holds), ended IDLE_STOP_MS after the last. If it stops by itself (a bug, out of memory), the occupations it ran
 * fail with the reason and the next ones start another.
 */
export async function occupationEngineThread(o: EngineThreadOptions) {
  let devices = new Set<string>();
  /**
   * The devices of occupations being started (the thread starting, the engine reading the row): their messages wait
   * here, in order, and go to the engine once it tracks the device; a start never loses its first epochs to the
   * thread's start-up (about 0.1-0.3 s)
   */
  const waiting = new Map<string, Batch>();
  let bases: string[] = [];
  let active = 0;
  /** what goes to the engine at the next hand-over */
  let batch = emptyBatch();
  let handOverTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const pending = new Map<number, { ok: () => void; fail: (e: Error) => void }>();
  /** the thread, while one runs */
  let worker: Worker | undefined;
  /** threads told to end (their exit is no failure) */
  const ending = new WeakSet<Worker>();
  /** starts and stops of the thread, one at a time, in order */
  let lifecycle: Promise<unknown> = Promise.resolve();
  let closed = false;

  const serially = <T>(f: () => Promise<T>): Promise<T> => {
    const next = lifecycle.then(f);
    lifecycle = next.catch((err) => o.log.error({ err }, 'occupation engine thread'));
    return next;
  };

  function forget(): void {
    devices = new Set();
    bases = [];
    active = 0;
    batch = emptyBatch();
    clearTimeout(handOverTimer);
    handOverTimer = undefined;
  }

  function handOver(): void {
    handOverTimer = undefined;
    if (!worker) return;
    const message: ToEngine = { t: 'epochs', ...batch, bases: bases.map((code) => [code, o.baseReference?.(code) ?? null]) };
    batch = emptyBatch();
    worker.postMessage(message);
  }
  const soon = () => (handOverTimer ??= setTimeout(handOver, HAND_OVER_MS));

  function onMessage(w: Worker, m: FromEngine): void {
    if (w !== worker) return;
    switch (m.t) {
      case 'tracked':
        devices = new Set(m.devices);
        bases = m.bases;
        active = m.active;
        for (const [code, held] of waiting) {
          if (!devices.has(code)) continue;
          waiting.delete(code);
          // before anything newer of the device (which now goes to the batch directly)
          batch.nmea.unshift(...held.nmea);
          batch.readings.unshift(...held.readings);
          if (held.nmea.length || held.readings.length) soon();
        }
        clearTimeout(idleTimer);
        if (active === 0) idleTimer = setTimeout(() => void serially(stopIfIdle), o.idleStopMs ?? IDLE_STOP_MS).unref();
        return;
      case 'reports':
        return o.report(m.reports, m.json);
      case 'log':
        return o.log[m.level](m.fields, m.msg);
      case 'done': {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) p?.fail(new Error(m.error));
        else p?.ok();
        return;
      }
    }
  }

  /** A thread, its engine resumed from what the database holds. */
  async function start(): Promise<void> {
    const startedAt = Date.now();
    const share = await o.db.share();
    const input: WorkerInput = { gatewayId: o.gatewayId, db: share, startedAt };
    const w = new Worker(workerUrl(), { workerData: input, transferList: share.kind === 'pglite' ? [share.port] : [], resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    worker = w;
    let ready = false;
    await new Promise<void>((resolve, reject) => {
      w.on('message', (m: FromEngine) => {
        if (m.t !== 'ready') return onMessage(w, m);
        ready = true;
        resolve();
      });
      w.on('error', (err) => {
        o.log.error({ err }, 'occupation engine thread failed');
        reject(err);
      });
      w.on('exit', (code) => {
        reject(new Error(`the occupation engine's thread ended (${code}) before it was ready`));
        if (worker === w) worker = undefined;
        // one that never became ready failed its start (whoever started it hears why): no new one in a loop
        if (ready && !ending.has(w)) void serially(() => stopped(`the occupation engine stopped (thread exit ${code})`));
      });
    });
  }

  async function stop(): Promise<void> {
    const w = worker;
    if (!w) return;
    if (handOverTimer) {
      clearTimeout(handOverTimer);
      handOver();
    }
    ending.add(w);
    const exited = new Promise((resolve) => w.once('exit', resolve));
    await ask(w, { t: 'close' }).catch((err) => o.log.warn({ err }, 'occupation engine did not close cleanly'));
    const backstop = setTimeout(() => void w.terminate(), 2000);
    await exited;
    clearTimeout(backstop);
    if (worker === w) worker = undefined;
    forget();
  }

  async function stopIfIdle(): Promise<void> {
    if (worker && active === 0 && pending.size === 0 && !closed) await stop();
  }

  /** The thread ended by itself: what it ran fails with the reason; another starts if occupations remain. */
  async function stopped(reason: string): Promise<void> {
    for (const p of pending.values()) p.fail(new Error(reason));
    pending.clear();
    forget();
    const failed = await repo.failHeldBy(o.db, o.gatewayId, reason);
    o.log.error({ occupations: failed }, reason);
    try {
      if (!closed && (await repo.anyActive(o.db))) await start();
    } finally {
      // their owners hear it once the gateway is ready for the next
      const reports: OccupationReport[] = [];
      for (const id of failed) {
        const row = await repo.forRun(o.db, id);
        if (row) reports.push({ ownerId: row.owner_id, occupation: occupationViewOf(row, { Status: 'failed', Reason: reason }) });
      }
      if (reports.length) o.report(reports, JSON.stringify(reports));
    }
  }

  function ask(w: Worker, m: { t: 'command'; c: OccupationCommand } | { t: 'close' }): Promise<void> {
    const id = nextId++;
    return new Promise<void>((ok, fail) => {
      pending.set(id, { ok, fail });
      w.postMessage({ ...m, id } satisfies ToEngine);
    });
  }

  if (await repo.anyActive(o.db)) await serially(start);

  /** Where a device's message goes: the next hand-over, or its start's waiting messages. */
  function batchOf(code: string): Batch {
    const held = devices.has(code) ? undefined : waiting.get(code);
    if (held) return held;
    soon();
    return batch;
  }
  const tap: EpochTap = {
    has: (code) => devices.has(code) || waiting.has(code),
    nmea: (code, text, receivedAt) => void batchOf(code).nmea.push(code, receivedAt, text),
    reading: (code, r, at) => void batchOf(code).readings.push({ code, r, at }),
  };
  return {
    ...tap,
    /** The api's command (every gateway hears it): a start starts the thread if none runs. */
    async command(c: OccupationCommand): Promise<void> {
      if (closed) return;
      let code: string | undefined;
      if (c.action === 'start') {
        const row = await repo.forRun(o.db, c.id);
        if (!row || (row.status !== 'running' && row.status !== 'paused')) return;
        code = row.device_code;
        if (!devices.has(code) && !waiting.has(code)) waiting.set(code, emptyBatch());
      }
      try {
        const w = await serially(async () => {
          if (!worker && c.action === 'start') await start();
          return worker;
        });
        // an accept or cancel with no thread: no occupation runs here
        if (w) await ask(w, { t: 'command', c });
      } finally {
        // not taken (ended meanwhile, or the thread failed): its messages are not kept
        if (code !== undefined) waiting.delete(code);
      }
    },
    activeCount: () => active,
    /** The engine's thread now, if one runs (a test stops it to see the gateway fail what it ran and start another). */
    thread: () => worker,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(idleTimer);
      await serially(stop);
    },
  };
}
export type OccupationEngineThread = Awaited<ReturnType<typeof occupationEngineThread>>;
