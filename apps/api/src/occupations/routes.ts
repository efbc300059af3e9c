import { Router, type Request } from 'express';
import { occupationEndpoints as e, OCCUPATION_ACTIVE, pointAntennaEndpoint, recordPreviewEndpoint, type EpochView } from '@smi/contracts';
import { gridStore, loadProjectFrame } from '../crs/project-geodesy.js';
import { recordPreview } from './record-preview.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { changePointAntenna } from './point-antenna.js';
import { startOccupation } from './start.js';
import { occupationsRepository as repo, toOccupationView } from '@smi/occupations';
import { resolveAntenna, settingsOf } from './settings.js';

// accept waits this long for the gateway to store the point before it answers with the occupation as it is
const ACCEPT_WAIT_MS = 8000;

const EPOCH_CSV_HEADER = 'seq,time,latitude,longitude,ellipsoidal_height_m,fix,satellites,hdop,pdop,sigma_h_m,sigma_v_m,correction_age_s,accepted,reason';
const csvCell = (v: string | number | boolean | null) => (v === null ? '' : String(v));

/** Survey occupations (decision 021): started, watched, accepted early or cancelled here; measured on the gateway. */
export function occupationRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);

  function command(c: { id: string; action: 'start' | 'accept' | 'cancel' }): Promise<void> {
    if (!deps.live) throw new AppError(503, 'Measurement is not available: the gateway is not connected');
    return deps.live.commandOccupation(c);
  }

  mount(router, e.startOccupation, load, async ({ user, params, body, res }) => {
    const made = await startOccupation(deps, user, params.projectId, body);
    res.status(made.created ? 201 : 200);
    return { success: true, occupation: toOccupationView(made.row) };
  });

  mount(router, e.getOccupation, load, async ({ user, params }) => {
    const row = await repo.byId(db, user.workspace.id, params.occupationId);
    if (!row) throw new AppError(404, 'Occupation not found');
    return { success: true, occupation: toOccupationView(row) };
  });

  mount(router, e.acceptOccupation, load, async ({ user, params }) => {
    const row = await repo.byId(db, user.workspace.id, params.occupationId);
    if (!row) throw new AppError(404, 'Occupation not found');
    if (!OCCUPATION_ACTIVE.includes(row.status)) return { success: true, occupation: toOccupationView(row) };
    await command({ id: row.id, action: 'accept' });
    const deadline = Date.now() + ACCEPT_WAIT_MS;
    for (;;) {
      const now = await repo.byId(db, user.workspace.id, row.id);
      if (!now || !OCCUPATION_ACTIVE.includes(now.status) || Date.now() > deadline) return { success: true, occupation: toOccupationView(now ?? row) };
      await new Promise((ok) => setTimeout(ok, 100));
    }
  });

  mount(router, e.cancelOccupation, load, async ({ user, params }) => {
    const row = await repo.byId(db, user.workspace.id, params.occupationId);
    if (!row) throw new AppError(404, 'Occupation not found');
    // the cancel is stored; a gateway that cannot be told has no measurement running to stop
    if (await repo.cancel(db, user.workspace.id, row.id)) await command({ id: row.id, action: 'cancel' }).catch(() => {});
    return { success: true, occupation: toOccupationView((await repo.byId(db, user.workspace.id, row.id)) ?? row) };
  });

  mount(router, e.pointEpochs, load, async ({ user, params, req, res }) => {
    const epochs = await repo.epochsOfPoint(db, user.workspace.id, params.projectId, params.pointId);
    if (!epochs) throw new AppError(404, 'Point not found');
    if (formatOf(req) === 'csv') {
      res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="point-epochs.csv"` });
      res.send(csvOf(epochs));
      return;
    }
    return { success: true, epochs };
  });

  mount(router, e.getMeasurementSettings, load, async ({ user, params }) => {
    const project = await repo.project(db, user.workspace.id, params.projectId);
    if (!project) throw new AppError(404, 'Project not found');
    return { success: true, settings: settingsOf(project.measurement_settings) };
  });

  mount(router, e.putMeasurementSettings, load, async ({ user, params, body }) => {
    if (!(await repo.project(db, user.workspace.id, params.projectId))) throw new AppError(404, 'Project not found');
    // an antenna its occupations could not reduce (an unknown reference without its offset, ...) is refused now
    resolveAntenna(body.Antenna);
    if (!(await repo.saveSettings(db, user.workspace.id, params.projectId, body))) throw new AppError(404, 'Project not found');
    return { success: true, settings: body };
  });

  mount(router, recordPreviewEndpoint, load, async ({ user, params, body }) => {
    const project = await repo.projectBase(db, user.workspace.id, params.projectId);
    if (!project) throw new AppError(404, 'Project not found');
    return recordPreview(db, project, body, (at) => loadProjectFrame(db, project.id, gridStore(deps.config.gridsDir ?? ''), at));
  });

  mount(router, pointAntennaEndpoint, load, async ({ user, params, body }) => {
    await changePointAntenna(db, user.workspace.id, params.projectId, params.pointId, body);
    deps.events.emit('pointsChanged', params.projectId);
    return { success: true, message: 'Antenna height changed; the point height was re-computed.' };
  });

  return router;
}

function formatOf(req: Request): 'csv' | 'json' {
  const f = req.query.format;
  if (f === undefined || f === 'json') return 'json';
  if (f === 'csv') return 'csv';
  throw new AppError(400, 'format: must be json or csv');
}

// every cell is a number, a boolean, an ISO time, a fix type or a reason code: nothing a spreadsheet runs as a formula
function csvOf(epochs: EpochView[]): string {
  const lines = [EPOCH_CSV_HEADER];
  for (const x of epochs) {
    lines.push(
      [x.Seq, x.Time, x.Latitude, x.Longitude, x.EllipsoidalHeight, x.Fix, x.Satellites, x.Hdop, x.Pdop, x.SigmaH, x.SigmaV, x.CorrectionAge, x.Accepted, x.Reason]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
