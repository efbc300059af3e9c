import { EMPTY_PROGRESS, silentFailure, type DevicePublishedReading, type OccupationCommand, type OccupationProgress, type OccupationReport } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { BaseReference } from '@smi/base-setups';
import type { Log } from '../log.js';
import { parseNmeaPayload } from '../nmea/parse.js';
import { EpochAssembler, epochOfReading, type Epoch } from './epoch.js';
import { OccupationRun } from './occupation-run.js';
import { endOccupations, occupationViewOf, occupationsRepository as repo, type EpochRow, type OccupationRunRow } from '@smi/occupations';

export interface OccupationEngineOptions {
  db: Db;
  log: Log;
  gatewayId: string;
  /** progress of an occupation, for the owner's sockets */
  report: (r: OccupationReport) => void;
  /** raw epochs are written when this many wait, or at the next flush tick */
  batchRows?: number;
  flushEveryMs?: number;
  /** how often progress and heartbeat are written (SAVE_EVERY_MS) */
  saveEveryMs?: number;
  /** heartbeats older than this mean the gateway that ran it is gone */
  staleAfterS?: number;
  /**
   * When this engine was asked for: a heartbeat is stale only if it was that old then. A thread that took longer
   * than staleAfterS to load on a busy machine failed the very occupation that started it.
   */
  startedAt?: Date;
  /** a base as this gateway knows it now (undefined when it does not ingest it): its broadcast ARP, live fix */
  baseReference?: (baseCode: string) => BaseReference | undefined;
  /** the devices it takes epochs of, and the bases those occupations measure from, each time they change */
  onTracked?: (devices: string[], bases: string[]) => void;
}

interface Active {
  row: OccupationRunRow;
  run: OccupationRun;
  assembler: EpochAssembler;
  pending: EpochRow[];
  /** this gateway has claimed it (its first epoch reached here): it runs it, writes its heartbeat and answers accept */
  mine: boolean;
  /** the claim is being asked of the database: epochs wait here meanwhile, in order */
  claiming: Epoch[] | null;
  /** when its last epoch arrived here (wall clock) */
  lastEpochAt: number;
  /** when its progress and heartbeat were last written (wall clock), and the status then */
  savedAt: number;
  savedStatus: 'running' | 'paused' | null;
  /** it has news for its owner (an epoch since the last report) or its heartbeat is due */
  dirty: boolean;
  /** reported but not yet written (the database row is older than the owner's view) */
  unsaved: boolean;
  busy: Promise<unknown>;
  ended: boolean;
  /** which of the tick's slots writes it (spread: see SLOTS) */
  slot: number;
}

/**
 * The occupations of the rovers whose epochs reach this gateway. It runs on a thread of its own (engine-thread.ts,
 * engine-worker.ts): ingest asks that thread's `has(code)` for every message (a Set lookup for the devices with none)
 * and hands the raw payloads of the others over before the live feed's rate cap, so every epoch is counted; they are
 * decoded again here (`nmea`), away from the live feed's event loop.
 */
/**
 * How often a running occupation's progress and heartbeat are written to the database (resume() calls 10 s stale).
 * Its owner's sockets hear the progress every tick (500 ms); the database row, read by GET /api/occupations/{id} and
 * by a gateway that starts, is at most this old, or at once when it pauses or resumes. Written every tick, the 400
 * progress UPDATEs a second of 200 rovers were a quarter of the database thread's work (decision 021).
 */
const SAVE_EVERY_MS = 2000;
/**
 * The 500 ms tick is cut in this many slots, each writing (and reporting) its share of the occupations: 200 rovers
 * written at one instant made one burst of work on the event loop every 500 ms, which lengthened the live feed's
 * p99 (the occupation benchmark); four smaller ones keep the statements few (16 a second, whatever the number of occupations).
 */
const SLOTS = 4;

const NOTHING_BEFORE_ACCEPT = 'No epoch from the rover had arrived when it was accepted';

export function occupationEngine(o: OccupationEngineOptions) {
  const byDevice = new Map<string, Active>();
  const byId = new Map<string, Active>();
  const batchRows = o.batchRows ?? 200;
  const saveEveryMs = o.saveEveryMs ?? SAVE_EVERY_MS;

  function antennaOf(row: OccupationRunRow) {
    const a = row.antenna;
    return { height: a.Height, type: a.HeightType, phaseCentreOffset: a.Offset ?? 0, referenceOffset: a.ReferenceOffset, radius: a.Radius, shmpOffset: a.ShmpOffset };
  }

  let nextSlot = 0;
  function track(row: OccupationRunRow): void {
    if (byId.has(row.id)) return;
    // one occupation per rover: a newer one replaces the older in this process (the api refuses a second one)
    const a: Active = {
      row,
      run: new OccupationRun({ method: row.method, tolerances: row.tolerances, maxPauseS: row.max_pause_s, splitGapS: row.split_gap_s, antenna: antennaOf(row) }),
      assembler: new EpochAssembler(),
      pending: [],
      mine: false,
      claiming: null,
      lastEpochAt: 0,
      savedAt: 0,
      savedStatus: null,
      dirty: false,
      unsaved: false,
      busy: Promise.resolve(),
      ended: false,
      slot: nextSlot++ % SLOTS,
    };
    byDevice.set(row.device_code, a);
    byId.set(row.id, a);
    tracked();
  }

  function tracked(): void {
    if (!o.onTracked) return;
    const bases = new Set<string>();
    for (const a of byId.values()) if (a.row.base_code) bases.add(a.row.base_code);
    o.onTracked([...byDevice.keys()], [...bases]);
  }

  const baseNow = (a: Active) => (a.row.base_code ? o.baseReference?.(a.row.base_code) : undefined);

  function untrack(a: Active): void {
    a.ended = true;
    byId.delete(a.row.id);
    if (byDevice.get(a.row.device_code) === a) byDevice.delete(a.row.device_code);
    tracked();
  }

  function publish(a: Active, over: Parameters<typeof occupationViewOf>[1] = {}): void {
    o.report({ ownerId: a.row.owner_id, occupation: occupationViewOf(a.row, { Status: a.run.status, Progress: a.run.progress(), ...over }) });
  }

  /** Work on one occupation runs one step at a time, in order. */
  function serial(a: Active, step: () => Promise<unknown>): Promise<unknown> {
    a.busy = a.busy.then(step).catch((err) => o.log.warn({ err, occupation: a.row.id }, 'occupation step failed'));
    return a.busy;
  }

  async function writePending(a: Active): Promise<void> {
    const rows = a.pending.splice(0);
    if (rows.length) await repo.writeEpochs(o.db, a.row.id, rows);
  }

  /** Its epochs and progress now (before a store, a fail, an accept, a close). */
  async function flushEpochs(a: Active): Promise<void> {
    await writePending(a);
    if ((a.dirty || a.unsaved) && !a.ended) {
      a.dirty = false;
      a.unsaved = false;
      a.savedAt = Date.now();
      a.savedStatus = a.run.status;
      const kept = await repo.saveProgressBatch(o.db, o.gatewayId, [{ id: a.row.id, status: a.run.status, progress: a.run.progress() }]);
      if (kept.has(a.row.id)) publish(a);
      // ended elsewhere (cancelled, failed by a hand-over or a sweep): not ours to run any more
      else untrack(a);
    }
  }

  async function store(a: Active, final: boolean, stoppedEarly: boolean): Promise<void> {
    await flushEpochs(a);
    const m = a.run.result(stoppedEarly);
    if (!m) {
      await fail(a, a.run.noGoodEpochs());
      return;
    }
    const progress = a.run.progress();
    const pointId = await repo.storePoint(o.db, a.row, m, progress, a.row.name, true, baseNow(a));
    untrack(a);
    if (pointId) publish(a, { Status: final ? 'done' : a.run.status, PointId: pointId, Progress: progress });
  }

  async function fail(a: Active, reason: string): Promise<void> {
    untrack(a);
    await flushEpochs(a).catch((err) => o.log.warn({ err, occupation: a.row.id }, 'epochs of a failed occupation not written'));
    const progress = a.run.progress();
    if (await repo.finish(o.db, a.row.id, 'failed', reason, progress)) publish(a, { Status: 'failed', Reason: reason, Progress: progress });
  }

  /**
   * The first epoch that reaches this gateway claims the occupation. Held by another gateway (the rover reconnected
   * elsewhere, or the gateway that ran it restarted), it fails with that reason: the epochs the other one counted
   * are not here, so going on would make the point of the epochs after the switch only.
   */
  async function claim(a: Active): Promise<void> {
    const c = await repo.claim(o.db, a.row.id, o.gatewayId);
    const waiting = a.claiming ?? [];
    a.claiming = null;
    if (c.mine) {
      a.mine = true;
      for (const e of waiting) take(a, e);
      return;
    }
    a.ended = true;
    untrack(a);
    if (c.heldBy === null) return;
    const reason = `the rover's epochs moved from gateway ${c.heldBy} to ${o.gatewayId} (a reconnect to another gateway, or a restart of ${c.heldBy})`;
    const rows = await endOccupations(o.db, 'failed', reason, { id: a.row.id, gatewayId: c.heldBy });
    o.log.warn({ occupation: a.row.id, heldBy: c.heldBy }, 'occupation handed over: failed');
    if (rows.length) publish(a, { Status: 'failed', Reason: reason });
  }

  function take(a: Active, e: Epoch): void {
    if (a.ended) return;
    if (!a.mine) {
      if (a.claiming) a.claiming.push(e);
      else {
        a.claiming = [e];
        void serial(a, () => claim(a));
      }
      return;
    }
    a.lastEpochAt = Date.now();
    const step = a.run.add(e);
    a.pending.push({ seq: step.seq, epoch: e, reason: step.reason, base: baseNow(a) });
    a.dirty = true;
    const out = step.outcome;
    if (out.kind === 'complete') {
      a.ended = true;
      void serial(a, () => store(a, true, false));
    } else if (out.kind === 'fail') {
      a.ended = true;
      void serial(a, () => fail(a, out.reason));
    } else if (out.kind === 'store-continuous') {
      const name = `${a.row.name || 'P'}-${a.run.progress().points}`;
      void serial(a, async () => {
        await flushEpochs(a);
        const pointId = await repo.storePoint(o.db, a.row, out.measurement, a.run.progress(), name, false, baseNow(a));
        if (pointId) publish(a, { PointId: pointId });
      });
    } else if (a.pending.length >= batchRows) {
      // a burst (buffered epochs after a reconnect): its rows now, its progress at the tick
      void serial(a, () => writePending(a));
    }
  }

  /**
   * A slot's writes for its share of the occupations this gateway runs, in at most two statements (raw epochs; progress
   * and heartbeat of those due, see SAVE_EVERY_MS): 200 rovers at 10 Hz are at most 16 statements a second (4 slots a
   * 500 ms tick), not 4,000. Every occupation with news is reported once the statements are done. Each occupation's next
   * step (a store, a fail) waits for the rows handed over here, so a point's set-aside marks always find their epochs.
   */
  function flushAll(list: Active[]): void {
    if (!list.length) return;
    const now = Date.now();
    const epochs: { occupationId: string; projectId: string; row: EpochRow }[] = [];
    const news: { a: Active; status: 'running' | 'paused'; progress: OccupationProgress; saved: boolean }[] = [];
    for (const a of list) {
      for (const row of a.pending.splice(0)) epochs.push({ occupationId: a.row.id, projectId: a.row.project_id, row });
      if (!a.dirty) continue;
      a.dirty = false;
      const status = a.run.status;
      const saved = status !== a.savedStatus || now - a.savedAt >= saveEveryMs;
      if (saved) {
        a.savedAt = now;
        a.savedStatus = status;
      }
      a.unsaved = !saved;
      news.push({ a, status, progress: a.run.progress(), saved });
    }
    const write = (async () => {
      await repo.writeEpochBatch(o.db, epochs);
      const due = news.filter((n) => n.saved);
      const kept = await repo.saveProgressBatch(o.db, o.gatewayId, due.map((n) => ({ id: n.a.row.id, status: n.status, progress: n.progress })));
      for (const n of news) {
        if (n.a.ended) continue;
        // ended elsewhere (cancelled, failed by a hand-over or a sweep): not ours to run any more
        if (n.saved && !kept.has(n.a.row.id)) untrack(n.a);
        else publish(n.a, { Status: n.status, Progress: n.progress });
      }
    })();
    write.catch((err) => o.log.warn({ err, occupations: list.length }, 'occupation epochs not written'));
    // logged once above: each occupation's queue only waits for the write to settle
    for (const a of list) void serial(a, () => write.catch(() => {}));
  }

  let ticks = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const slot = ticks % SLOTS;
    // a rover silent for a while still has its gateway: the heartbeat goes on (a gateway starting meanwhile fails only
    // what has had none for 10 s)
    for (const a of byId.values()) if (a.mine && now - a.savedAt >= saveEveryMs) a.dirty = true;
    flushAll([...byId.values()].filter((a) => a.slot === slot && a.mine && !a.ended && (a.pending.length || a.dirty)));
    for (const a of byId.values()) {
      if (!a.mine) continue;
      // the rover went silent here (and did not come back through another gateway: that one would have taken over)
      if (!a.ended && now - a.lastEpochAt > a.row.max_pause_s * 1000) {
        a.ended = true;
        void serial(a, () => fail(a, a.run.silentFailure(a.row.max_pause_s)));
      }
    }
    if (byId.size && ++ticks % (4 * SLOTS) === 0) void sweep();
  }, (o.flushEveryMs ?? 500) / SLOTS);
  timer.unref();

  /** Occupations nobody has fed for their pause limit (a rover that never came, a gateway that died) fail. */
  async function sweep(): Promise<void> {
    for (const a of [...byId.values()]) {
      if (a.mine) continue;
      const rows = await endOccupations(o.db, 'failed', silentFailure(a.row.max_pause_s, null, a.row.tolerances), { id: a.row.id, silentFor: 'its pause limit' });
      if (rows.length) {
        untrack(a);
        publish(a, { Status: 'failed', Reason: silentFailure(a.row.max_pause_s, null, a.row.tolerances) });
      } else {
        const [row] = await o.db.query<{ status: string }>('SELECT status FROM occupations WHERE id = $1', [a.row.id]);
        if (!row || (row.status !== 'running' && row.status !== 'paused')) untrack(a);
      }
    }
  }

  return {
    /** Ingest's question for every message: does this device have an occupation here? */
    has: (code: string): boolean => byDevice.has(code),
    /** An NMEA payload of the device: each sentence it decodes goes to the occupation's epoch in the making. */
    nmea(code: string, text: string, receivedAt: number): void {
      const a = byDevice.get(code);
      if (!a) return;
      const emit = (e: Epoch) => take(a, e);
      a.assembler.begin();
      parseNmeaPayload(text, (sentence, update) => a.assembler.sentence(sentence, update, receivedAt, emit));
      a.assembler.end(emit);
    },
    reading(code: string, r: DevicePublishedReading, receivedAt: number): void {
      const a = byDevice.get(code);
      const e = a && epochOfReading(r, receivedAt);
      if (a && e) take(a, e);
    },

    /** The api's command (every gateway hears it). */
    async command(c: OccupationCommand): Promise<void> {
      if (c.action === 'start') {
        const row = await repo.forRun(o.db, c.id);
        if (row && (row.status === 'running' || row.status === 'paused')) {
          row.progress = { ...EMPTY_PROGRESS, ...row.progress };
          track(row);
        }
        return;
      }
      const a = byId.get(c.id);
      if (!a) return;
      if (c.action === 'cancel') {
        untrack(a);
        await serial(a, () => flushEpochs(a));
        return;
      }
      // accept: stop now and store what there is, flagged; the gateway that has claimed it answers
      if (!a.mine) {
        // not here (yet): if no gateway has claimed it in a moment, it fails
        setTimeout(() => {
          if (!a.ended) void serial(a, () => sweepAccept(a));
        }, 1500).unref();
        return;
      }
      await acceptHere(a);
    },

    /** At start: what a dead gateway left running fails with the reason; the rest are tracked here too. */
    async resume(): Promise<void> {
      const failed = await repo.failStale(o.db, o.staleAfterS ?? 10, 'the gateway running it restarted', o.startedAt);
      if (failed.length) o.log.warn({ occupations: failed }, 'occupations of a stopped gateway failed');
      for (const row of await repo.active(o.db)) track(row);
    },

    activeCount: () => byId.size,
    async close(): Promise<void> {
      clearInterval(timer);
      await Promise.all([...byId.values()].map((a) => serial(a, () => flushEpochs(a))));
    },
  };

  /** Stops the run this gateway holds and stores what there is, flagged stopped-early (continuous: done). */
  function acceptHere(a: Active): Promise<unknown> {
    a.ended = true;
    return serial(a, async () => {
      a.assembler.flush((e) => {
        a.ended = false;
        take(a, e);
        a.ended = true;
      });
      if (a.row.method === 'continuous') {
        await flushEpochs(a);
        untrack(a);
        const progress = a.run.progress();
        if (await repo.finish(o.db, a.row.id, 'done', null, progress)) publish(a, { Status: 'done', Progress: progress });
        return;
      }
      await store(a, true, true);
    });
  }

  /** Accepted, and no gateway has claimed it (no epoch reached any): it fails. One that another gateway runs is its. */
  async function sweepAccept(a: Active): Promise<void> {
    // claimed here while the accept waited: this gateway answers it
    if (a.mine) return void acceptHere(a);
    const rows = await endOccupations(o.db, 'failed', NOTHING_BEFORE_ACCEPT, { id: a.row.id, gatewayId: null });
    untrack(a);
    if (rows.length) publish(a, { Status: 'failed', Reason: NOTHING_BEFORE_ACCEPT });
  }
}
export type OccupationEngine = ReturnType<typeof occupationEngine>;
