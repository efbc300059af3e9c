import { Router } from 'express';
import { ntripUserEndpoints as e, type CorrectionsClient } from '@smi/contracts';
import { EXTERNAL_PROJECT, projectMount } from '@smi/gateway';
import type { Queryable } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';

type Reported = ReturnType<NonNullable<AppDeps['live']>['correctionsClients']>;

/**
 * What the gateways reported, kept to one mountpoint's NTRIP clients and a set of MQTT rovers (or one device's own
 * entries), named after the owner's rovers and NTRIP credentials.
 */
async function receivers(
  db: Queryable,
  all: Reported,
  userId: string,
  pick: { mount: string | null; rovers: Map<string, string> } | { device: string; name: string },
): Promise<CorrectionsClient[]> {
  const credentials = new Map(
    (await db.query<{ username: string; name: string }>('SELECT username, name FROM ntrip_credentials WHERE user_id = $1', [userId])).map((c) => [c.username, c.name]),
  );
  const rovers = 'rovers' in pick ? pick.rovers : new Map([[pick.device, pick.name]]);
  const mine = 'rovers' in pick ? all.filter((c) => (c.via === 'ntrip' ? c.mount === pick.mount : rovers.has(c.who))) : all.filter((c) => c.who === pick.device);
  return mine
    .map((c) => ({
      who: c.who,
      name: rovers.get(c.who) ?? credentials.get(c.who) ?? null,
      via: c.via,
      since: c.since,
      ageS: c.ageMs === null ? null : Math.round(c.ageMs / 100) / 10,
    }))
    .sort((a, b) => a.who.localeCompare(b.who) || a.via.localeCompare(b.via));
}

const roverNames = (rows: { code: string; name: string }[]) => new Map(rows.map((r) => [r.code, r.name]));

/**
 * Who receives corrections now. GET /api/devices/:id/corrections-clients: for a base, rovers and NTRIP credentials
 * pulling its mountpoint (NTRIP) and the rovers of its Active projects subscribed to their corrections (MQTT; not
 * those of a project that takes a network's corrections instead); for a rover, what it receives itself.
 * GET /api/projects/:id/corrections-clients: the project's rovers and the pulls of its mountpoint (its network's `P-`
 * one while it takes a network's corrections, else its base's). Every gateway reports its own clients (see
 * gatewayLink); these join them with the owner's devices and credentials.
 */
export function correctionsClientsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  // without a live link to the gateways the list is unknown, not empty
  const reporting = () => !!deps.live?.health().connected;

  mount(router, e.correctionsClients, load, async ({ user, params }) => {
    const [device] = await db.query<{ id: string; code: string; name: string; type: string }>('SELECT id, code, name, type FROM devices WHERE id = $1 AND owner_id = $2', [
      params.id,
      user.id,
    ]);
    if (!device) throw new AppError(404, 'Device not found');
    const all = deps.live?.correctionsClients() ?? [];
    if (device.type !== 'base') return { success: true, reporting: reporting(), clients: await receivers(db, all, user.id, { device: device.code, name: device.name }) };
    const rovers = await db.query<{ code: string; name: string }>(
      `SELECT DISTINCT r.code, r.name FROM projects p JOIN project_devices pd ON pd.project_id = p.id
         JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = p.owner_id
        WHERE p.base_station_id = $1 AND p.owner_id = $2 AND p.status = 'Active' AND NOT ${EXTERNAL_PROJECT}`,
      [device.id, user.id],
    );
    return { success: true, reporting: reporting(), clients: await receivers(db, all, user.id, { mount: device.code, rovers: roverNames(rovers) }) };
  });

  mount(router, e.projectCorrectionsClients, load, async ({ user, params }) => {
    const [p] = await db.query<{ id: string; base_code: string | null; external: boolean }>(
      `SELECT p.id, b.code AS base_code, ${EXTERNAL_PROJECT} AS external FROM projects p
         LEFT JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id
        WHERE p.id = $1 AND p.owner_id = $2`,
      [params.id, user.id],
    );
    if (!p) throw new AppError(404, 'Project not found');
    const rovers = await db.query<{ code: string; name: string }>(
      `SELECT r.code, r.name FROM project_devices pd JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = $2 WHERE pd.project_id = $1`,
      [p.id, user.id],
    );
    const all = deps.live?.correctionsClients() ?? [];
    const clients = await receivers(db, all, user.id, { mount: p.external ? projectMount(p.id) : p.base_code, rovers: roverNames(rovers) });
    return { success: true, reporting: reporting(), clients };
  });

  return router;
}
