import type { CreateProjectBody } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { SessionUser } from '../auth/session.js';
import { devicesRepository, type DeviceRow } from '@smi/devices';
import { AppError } from '../http/errors.js';
import { projectsRepository } from './repository.js';

const label = (d: DeviceRow) => `"${d.name} - ${d.code}"`;

/**
 * Creates a project with its base station and client devices in one transaction. A device id that is not one of
 * the user's devices (missing, or another account's) answers 404 naming it; one of the user's devices of the wrong
 * type answers 400 naming it (docs/decisions/ on project devices).
 */
export async function createProject(db: Db, user: SessionUser, body: CreateProjectBody) {
  if (body.UserId !== undefined && body.UserId !== user.id) throw new AppError(404, 'User not found');
  const clientIds = [...new Set(body.ClientDevices)];
  return db.tx(async (q) => {
    const owned = await devicesRepository.ownedByIds(q, user.workspace.id, [body.BaseStation, ...clientIds]);
    const byId = new Map(owned.map((d) => [d.id, d]));

    const base = byId.get(body.BaseStation);
    if (!base) throw new AppError(404, `Base station not found: ${body.BaseStation}`);
    if (base.type !== 'base') throw new AppError(400, `BaseStation: ${label(base)} is not a base station`);
    for (const clientId of clientIds) {
      const device = byId.get(clientId);
      if (!device) throw new AppError(404, `Client device not found: ${clientId}`);
      if (device.type !== 'rover') throw new AppError(400, `ClientDevices: ${label(device)} is not a rover`);
    }

    const row = await projectsRepository.create(q, {
      ownerId: user.workspace.id,
      name: body.Name,
      description: body.Description,
      baseStationId: base.id,
      clientIds,
    });
    const [project] = await projectsRepository.views(q, [row]);
    return { success: true as const, message: 'Project created successfully', _id: row.id, project: project! };
  });
}
