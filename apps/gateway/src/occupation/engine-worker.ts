import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { DevicePublishedReading, OccupationCommand, OccupationReport } from '@smi/contracts';
import { openShared, type DbShare } from '@smi/db';
import type { BaseReference } from '@smi/base-setups';
import { loggable, type Log } from '../log.js';
import { occupationEngine } from './engine.js';
import { reportBatcher } from './report-batcher.js';

/**
 * The occupation engine's own thread (engine-thread.ts starts it): every epoch of 200 rovers at 10 Hz decoded,
 * gated, counted and written from here, with its own event loop and heap, so that none of it waits in the live
 * feed's: the live feed's p99 stays as it is without occupations (decision 033).
 */
export interface WorkerInput {
  gatewayId: string;
  db: DbShare;
  /** When the gateway asked for this thread (ms): heartbeats are judged stale against it, not against the end of a slow start */
  startedAt: number;
}

/** From the gateway's thread. */
export type ToEngine =
  | {
      t: 'epochs';
      /** NMEA payloads in the order they came: device code, time received, text */
      nmea: (string | number)[];
      readings: { code: string; r: DevicePublishedReading; at: number }[];
      /** the bases the occupations measure from, as the gateway knows them now (null: not ingested here) */
      bases: [string, BaseReference | null][];
    }
  | { t: 'command'; id: number; c: OccupationCommand }
  | { t: 'close'; id: number };

/** To the gateway's thread. */
export type FromEngine =
  | { t: 'ready' }
  | { t: 'tracked'; devices: string[]; bases: string[]; active: number }
  | { t: 'reports'; reports: OccupationReport[]; json: string }
  | { t: 'log'; level: keyof Log; fields: object; msg: string }
  | { t: 'done'; id: number; error?: string };

// below the gateway's event loop when the CPUs are all busy (Linux keeps a nice value per thread): the live feed's
// messages first, the occupations' work in the gaps
try {
  setPriority(0, 10);
} catch {
  // not allowed here: the thread runs at the process's priority
}

const port = parentPort!;
const input = workerData as WorkerInput;
const send = (m: FromEngine) => port.postMessage(m);

/** The gateway's logger writes what is logged here (fields made cloneable). */
const at = (level: keyof Log) => (fields: object, msg: string) => send({ t: 'log', level, fields: loggable(fields), msg });
const log: Log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };

const db = await openShared(input.db);
const bases = new Map<string, BaseReference | undefined>();
const engine = occupationEngine({
  db,
  log,
  gatewayId: input.gatewayId,
  report: reportBatcher((reports) => send({ t: 'reports', reports, json: JSON.stringify(reports) })),
  baseReference: (code) => bases.get(code),
  onTracked: (devices, baseCodes) => send({ t: 'tracked', devices, bases: baseCodes, active: engine.activeCount() }),
  startedAt: new Date(input.startedAt),
});

async function handle(m: ToEngine): Promise<void> {
  if (m.t === 'epochs') {
    for (const [code, ref] of m.bases) bases.set(code, ref ?? undefined);
    for (let i = 0; i < m.nmea.length; i += 3) engine.nmea(m.nmea[i] as string, m.nmea[i + 2] as string, m.nmea[i + 1] as number);
    for (const r of m.readings) engine.reading(r.code, r.r, r.at);
    return;
  }
  try {
    if (m.t === 'command') await engine.command(m.c);
    else {
      await engine.close();
      await db.close();
    }
    send({ t: 'done', id: m.id });
  } catch (err) {
    send({ t: 'done', id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
  if (m.t === 'close') port.close();
}

port.on('message', (m: ToEngine) => void handle(m));
await engine.resume();
send({ t: 'ready' });
