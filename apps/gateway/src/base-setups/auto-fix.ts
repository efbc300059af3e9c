import { autoFixCommand, type AutoFixCommand } from '@smi/contracts';
import type { Db } from '@smi/db';
import { averagePositions, type Geodetic } from '@smi/geodesy';
import type { DeviceLive } from '../device-link/device-live.js';
import type { Log } from '../log.js';

interface AutoFixRow {
  id: string;
  base_code: string;
  duration_s: number;
}

interface Job {
  row: AutoFixRow;
  positions: Geodetic[];
  firstFixAt: number;
  lastFixAt: number;
  lastWriteAt: number;
  ended: boolean;
  busy: Promise<unknown>;
}

/**
 * Auto Fix (decision 023), on the gateway that ingests the base: every new position of the base (one per fix time, of
 * any fix type: a base on an unknown point has only its autonomous fix) is kept until they span the set duration
 * of GNSS time; then the median/MAD-cleaned mean and the scatter of the positions (1 sigma, horizontal and
 * vertical) are the result, as RTKBase's survey-in reports its mean and accuracy. Progress (the running mean) is
 * written about once a second; every gateway hears the commands, the one with the base's positions writes.
 */
export function autoFixRunner(o: { db: Db; log: Log; writeEveryMs?: number }) {
  const byBase = new Map<string, Job>();
  const byId = new Map<string, Job>();
  const writeEvery = o.writeEveryMs ?? 1000;

  function track(row: AutoFixRow): void {
    if (byId.has(row.id)) return;
    const job: Job = { row, positions: [], firstFixAt: NaN, lastFixAt: NaN, lastWriteAt: 0, ended: false, busy: Promise.resolve() };
    byBase.set(row.base_code, job);
    byId.set(row.id, job);
  }
  function untrack(job: Job): void {
    job.ended = true;
    byId.delete(job.row.id);
    if (byBase.get(job.row.base_code) === job) byBase.delete(job.row.base_code);
  }
  const writing = new Set<Promise<unknown>>();
  function serial(job: Job, step: () => Promise<unknown>): void {
    const p = (job.busy = job.busy.then(step).catch((err) => o.log.warn({ err, autoFix: job.row.id }, 'auto fix write failed')));
    writing.add(p);
    void p.finally(() => writing.delete(p));
  }

  function summary(job: Job) {
    const avg = averagePositions(job.positions);
    return {
      epochs: avg?.used ?? 0,
      outliers: avg?.outliers.length ?? 0,
      elapsedS: job.positions.length ? (job.lastFixAt - job.firstFixAt) / 1000 : 0,
      latitude: avg?.latitude ?? null,
      longitude: avg?.longitude ?? null,
      height: avg?.height ?? null,
      sigmaH: avg ? Math.hypot(avg.sigmaE, avg.sigmaN) : null,
      sigmaV: avg?.sigmaU ?? null,
    };
  }

  async function write(job: Job, done: boolean): Promise<void> {
    const s = summary(job);
    await o.db.query(
      `UPDATE base_auto_fixes SET epochs = $2, outliers = $3, elapsed_s = $4, latitude = $5, longitude = $6, height = $7, sigma_h = $8,
         sigma_v = $9, heartbeat_at = now(), status = CASE WHEN $10 THEN 'done' ELSE status END,
         finished_at = CASE WHEN $10 THEN now() ELSE finished_at END
       WHERE id = $1 AND status = 'running'`,
      [job.row.id, s.epochs, s.outliers, s.elapsedS, s.latitude, s.longitude, s.height, s.sigmaH, s.sigmaV, done],
    );
  }

  return {
    /** Every reading of every device: a Map lookup unless its base is being averaged. */
    reading(live: DeviceLive): void {
      const job = byBase.get(live.deviceCode);
      if (!job || job.ended) return;
      const at = live.fixAt;
      if (!Number.isFinite(at) || at === job.lastFixAt || !Number.isFinite(live.latitude) || !Number.isFinite(live.longitude)) return;
      const h = (Number.isFinite(live.altitude) ? live.altitude : 0) + (Number.isFinite(live.geoidSeparation) ? live.geoidSeparation : 0);
      job.positions.push({ latitude: live.latitude, longitude: live.longitude, height: h });
      if (Number.isNaN(job.firstFixAt)) job.firstFixAt = at;
      job.lastFixAt = at;
      if (at - job.firstFixAt >= job.row.duration_s * 1000) {
        untrack(job);
        serial(job, () => write(job, true));
      } else if (Date.now() - job.lastWriteAt >= writeEvery) {
        job.lastWriteAt = Date.now();
        serial(job, () => write(job, false));
      }
    },

    async command(c: AutoFixCommand): Promise<void> {
      if (c.action === 'cancel') {
        const job = byId.get(c.id);
        if (job) untrack(job);
        return;
      }
      const [row] = await o.db.query<AutoFixRow>(`SELECT id, base_code, duration_s FROM base_auto_fixes WHERE id = $1 AND status = 'running'`, [c.id]);
      if (row) track(row);
    },

    /** The api's commands, as they come from the internal topic. */
    onCommand(payload: Buffer): void {
      let data: unknown;
      try {
        data = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      const c = autoFixCommand.safeParse(data);
      if (c.success) this.command(c.data).catch((err) => o.log.warn({ err, autoFix: c.data.id }, 'auto fix command failed'));
    },

    /** At start: the averages still running (a restart loses their positions: they start counting again). */
    async resume(): Promise<void> {
      for (const row of await o.db.query<AutoFixRow>(`SELECT id, base_code, duration_s FROM base_auto_fixes WHERE status = 'running'`)) track(row);
    },

    async close(): Promise<void> {
      await Promise.all([...writing]);
    },
  };
}
export type AutoFixRunner = ReturnType<typeof autoFixRunner>;
