import type { StartOccupationBody } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { pointNameTaken } from '@smi/contracts';
import type { SessionUser } from '../auth/session.js';
import { checkedShotCode, projectCodeList } from '../code-lists/shot-codes.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { occupationsRepository as repo, type OccupationRow } from '@smi/occupations';
import { resolveOccupation, settingsOf } from './settings.js';

/**
 * Starts an occupation of the rover for the current workspace's project (decision 021): the one way a point is
 * measured on the server, for the Record dialog and for an as-staked point alike. `link` runs in the transaction that
 * creates it (only when it is new), so whatever refers to the occupation is written with it or not at all.
 */
export async function startOccupation(
  deps: AppDeps,
  user: SessionUser,
  projectId: string,
  body: StartOccupationBody,
  link?: (q: Queryable, row: OccupationRow) => Promise<void>,
): Promise<{ row: OccupationRow; created: boolean }> {
  const { db } = deps;
  const project = await repo.project(db, user.workspace.id, projectId);
  if (!project) throw new AppError(404, 'Project not found');
  const device = await repo.device(db, user.workspace.id, body.DeviceId);
  if (!device) throw new AppError(404, 'Device not found');
  const r = resolveOccupation(settingsOf(project.measurement_settings), body);
  const coded = body.Code || Object.keys(body.Attributes).length ? checkedShotCode((await projectCodeList(db, user.workspace.id, projectId))!, body.Code, body.Attributes) : { code: '', attributes: {} };
  if (!deps.live) throw new AppError(503, 'Measurement is not available: the gateway is not connected');
  const made = await db.tx(async (q) => {
    const m = await repo.create(q, {
      ...coded,
      note: body.Note,
      startedBy: { id: user.id, name: user.name },
      projectId,
      ownerId: user.workspace.id,
      deviceId: body.DeviceId,
      deviceCode: device.code,
      clientId: body.ClientId ?? null,
      method: r.method,
      name: body.Name,
      section: body.Section,
      antenna: r.antenna,
      tolerances: r.tolerances,
      maxPauseS: r.maxPauseS,
      splitGapS: r.splitGapS,
    });
    if ('row' in m && m.created && link) await link(q, m.row);
    return m;
  });
  if ('busy' in made) throw new AppError(409, 'This rover is already measuring a point');
  if ('nameTaken' in made) throw new AppError(409, pointNameTaken(body.Name));
  if (made.created) await deps.live.commandOccupation({ id: made.row.id, action: 'start' });
  return made;
}
