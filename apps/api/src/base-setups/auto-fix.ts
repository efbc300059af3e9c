import type { AutoFixCommand, AutoFixView, StartAutoFixBody } from '@smi/contracts';
import type { Db, Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { settingsOf } from '../occupations/settings.js';
import { projectsRepository } from '../projects/repository.js';
import { supersede, targetAt } from './recompute.js';
import type { AuditActor } from '../audit/audit-log.js';
import { baseSetupsRepository, toBaseSetupView } from '@smi/base-setups';

/** A running Auto Fix that heard nothing from its base for this long has failed (its gateway writes each second). */
export const AUTO_FIX_SILENT_S = 60;

interface AutoFixRow {
  id: string;
  project_id: string;
  base_device_id: string;
  duration_s: number;
  status: AutoFixView['Status'];
  reason: string | null;
  epochs: number;
  outliers: number;
  elapsed_s: number;
  latitude: number | null;
  longitude: number | null;
  height: number | null;
  sigma_h: number | null;
  sigma_v: number | null;
  setup_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const view = (r: AutoFixRow): AutoFixView => ({
  _id: r.id,
  ProjectId: r.project_id,
  BaseDeviceId: r.base_device_id,
  DurationS: r.duration_s,
  Status: r.status,
  Reason: r.reason,
  Epochs: r.epochs,
  Outliers: r.outliers,
  ElapsedS: r.elapsed_s,
  Latitude: r.latitude,
  Longitude: r.longitude,
  Height: r.height,
  SigmaH: r.sigma_h,
  SigmaV: r.sigma_v,
  SetupId: r.setup_id,
  CreatedAt: new Date(r.created_at).toISOString(),
  FinishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

const notFound = () => new AppError(404, 'Auto Fix not found');

/** One whose base went silent is failed when read (no gateway is left to say so). */
async function failSilent(q: Queryable, where: string, arg: string): Promise<void> {
  await q.query(
    `UPDATE base_auto_fixes SET status = 'failed', reason = $2, finished_at = now()
     WHERE ${where} = $1 AND status = 'running' AND heartbeat_at < now() - make_interval(secs => $3)`,
    [arg, `no positions from the base for ${AUTO_FIX_SILENT_S} s`, AUTO_FIX_SILENT_S],
  );
}

async function owned(q: Queryable, ownerId: string, id: string, lock = false): Promise<AutoFixRow | undefined> {
  await failSilent(q, 'id', id);
  const [row] = await q.query<AutoFixRow>(`SELECT * FROM base_auto_fixes WHERE id = $1 AND owner_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [id, ownerId]);
  return row;
}

export function autoFixUseCases(db: Db, command: (c: AutoFixCommand) => Promise<void>) {
  return {
    async start(ownerId: string, projectId: string, body: StartAutoFixBody) {
      const project = await projectsRepository.owned(db, ownerId, projectId);
      if (!project) throw new AppError(404, 'Project not found');
      if (!project.base_station_id) throw new AppError(400, 'This project has no base station');
      const [settings] = await db.query<{ measurement_settings: unknown; code: string }>(
        'SELECT p.measurement_settings, d.code FROM projects p JOIN devices d ON d.id = p.base_station_id WHERE p.id = $1',
        [projectId],
      );
      await failSilent(db, 'project_id', projectId);
      const rows = await db.query<AutoFixRow>(
        `INSERT INTO base_auto_fixes (project_id, owner_id, base_device_id, base_code, duration_s) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (project_id) WHERE status = 'running' DO NOTHING RETURNING *`,
        [projectId, ownerId, project.base_station_id, settings!.code, body.DurationS ?? settingsOf(settings!.measurement_settings).AutoFixS],
      );
      if (!rows[0]) throw new AppError(409, 'An Auto Fix of this base is already running');
      await command({ id: rows[0].id, action: 'start' });
      return { success: true as const, autoFix: view(rows[0]) };
    },

    async latest(ownerId: string, projectId: string) {
      if (!(await projectsRepository.owned(db, ownerId, projectId))) throw new AppError(404, 'Project not found');
      await failSilent(db, 'project_id', projectId);
      const [row] = await db.query<AutoFixRow>('SELECT * FROM base_auto_fixes WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1', [projectId]);
      return { success: true as const, autoFix: row ? view(row) : null };
    },

    async cancel(ownerId: string, id: string) {
      const row = await owned(db, ownerId, id);
      if (!row) throw notFound();
      const [done] = await db.query<AutoFixRow>(
        `UPDATE base_auto_fixes SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status = 'running' RETURNING *`,
        [id],
      );
      // the cancel is stored; a gateway that cannot be told has no averaging running to stop
      if (done) await command({ id, action: 'cancel' }).catch(() => {});
      return { success: true as const, autoFix: view(done ?? row) };
    },

    /**
     * The average becomes the base's coordinates: a new version of the setup in force (its points re-computed by
     * the shift, as any correction) or, with none, the project's first setup; source 'auto-fix' with its sigma.
     */
    async accept(ownerId: string, by: AuditActor, id: string) {
      return db.tx(async (q) => {
        const pre = await owned(q, ownerId, id);
        if (!pre) throw notFound();
        const project = await projectsRepository.owned(q, ownerId, pre.project_id, true);
        const row = await owned(q, ownerId, id, true);
        if (!project || !row) throw notFound();
        if (row.status !== 'done' || row.latitude === null || row.longitude === null || row.height === null)
          throw new AppError(409, row.status === 'accepted' ? 'This Auto Fix was accepted already' : 'This Auto Fix has no result to accept');
        const current = await baseSetupsRepository.currentOf(q, project.id, true);
        const target = targetAt(row.latitude, row.longitude, row.height, {
          source: 'auto-fix',
          antennaHeight: current?.antenna_height ?? null,
          datum: current?.datum ?? 'WGS84',
          sigmaH: row.sigma_h,
          sigmaV: row.sigma_v,
        });
        const out = current
          ? await supersede(q, current, target, { userId: by.id, reason: 'auto fix accepted', by })
          : { setup: await baseSetupsRepository.insert(q, { ...target, projectId: project.id, baseDeviceId: row.base_device_id, createdBy: ownerId }), recomputed: null };
        const [accepted] = await q.query<AutoFixRow>(`UPDATE base_auto_fixes SET status = 'accepted', setup_id = $2 WHERE id = $1 RETURNING *`, [id, out.setup.id]);
        return {
          success: true as const,
          message: out.recomputed ? out.recomputed.Message : 'Base coordinates set from the Auto Fix',
          autoFix: view(accepted!),
          setup: toBaseSetupView(out.setup),
          recomputed: out.recomputed,
        };
      });
    },
  };
}
