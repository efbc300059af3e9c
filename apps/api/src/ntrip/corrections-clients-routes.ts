import { Router } from 'express';
import { ntripUserEndpoints as e, type CorrectionsClient } from '@smi/contracts';
import { EXTERNAL_PROJECT, mountKey } from '@smi/ntrip';
import type { Queryable } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';

type Reported = ReturnType<NonNullable<AppDeps['live']>['correctionsClients']>;

/**
 * What the gateways reported, kept to one stream's NTRIP clients and a set of MQTT rovers (or one rover's own
 * entries), and to the owner's own rovers and NTRIP credentials: whatever a gateway reports, nobody else's rover or
 * credential is ever listed or named.
 */
async function receivers(
  db: Queryable,
  all: Reported,
  userId: string,
  pick: { mount: string | null; mqttRovers: Set<string> } | { device: string },
): Promise<CorrectionsClient[]> {
  const credentials = new Map(
    (await db.query<{ username: string; name: string }>('SELECT username, name FROM ntrip_credentials WHERE user_id = $1', [userId])).map((c) => [c.username, c.name]),
  );
  const rovers = new Map(
    (await db.query<{ code: string; name: string }>(`SELECT code, name FROM devices WHERE owner_id = $1 AND type = 'rover'`, [userId])).map((r) => [r.code, r.name]),
  );
  const own = (c: Reported[number]) => (c.credential ? credentials.has(c.who) : rovers.has(c.who));
  const wanted = (c: Reported[number]) =>
    'device' in pick
      ? !c.credential && c.who === pick.device
      : c.via === 'ntrip'
        ? pick.mount !== null && c.mount === pick.mount
        : pick.mqttRovers.has(c.who);
  return all
    .filter((c) => own(c) && wanted(c))
    .map((c) => ({
      who: c.who,
      name: (c.credential ? credentials.get(c.who) : rovers.get(c.who)) ?? null,
      via: c.via,
      since: c.since,
      ageS: c.ageMs === null ? null : Math.round(c.ageMs / 100) / 10,
    }))
    .sort((a, b) => a.who.localeCompare(b.who) || a.via.localeCompare(b.via));
}

const codes = (rows: { code: string }[]) => new Set(rows.map((r) => r.code));

/**
 * Who receives corrections now. GET /api/devices/:id/corrections-clients: for a base, rovers and NTRIP credentials
 * pulling its mountpoint (NTRIP) and the rovers of its Active projects subscribed to their corrections (MQTT; not
 * those of a project that takes a network's corrections instead); for a rover, what it receives itself.
 * GET /api/projects/:id/corrections-clients: the project's rovers and the pulls of its stream (its network's while
 * it takes a network's corrections, else its base's). Every gateway reports its own clients (see
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
      user.workspace.id,
    ]);
    if (!device) throw new AppError(404, 'Device not found');
    const all = deps.live?.correctionsClients() ?? [];
    if (device.type !== 'base') return { success: true, reporting: reporting(), clients: await receivers(db, all, user.workspace.id, { device: device.code }) };
    const rovers = await db.query<{ code: string }>(
      `SELECT DISTINCT r.code FROM projects p JOIN project_devices pd ON pd.project_id = p.id
         JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = p.owner_id
        WHERE p.base_station_id = $1 AND p.owner_id = $2 AND p.status = 'Active' AND NOT ${EXTERNAL_PROJECT}`,
      [device.id, user.workspace.id],
    );
    return { success: true, reporting: reporting(), clients: await receivers(db, all, user.workspace.id, { mount: mountKey.base(device.code), mqttRovers: codes(rovers) }) };
  });

  mount(router, e.projectCorrectionsClients, load, async ({ user, params }) => {
    const [p] = await db.query<{ id: string; base_code: string | null; external: boolean }>(
      `SELECT p.id, b.code AS base_code, ${EXTERNAL_PROJECT} AS external FROM projects p
         LEFT JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id
        WHERE p.id = $1 AND p.owner_id = $2`,
      [params.id, user.workspace.id],
    );
    if (!p) throw new AppError(404, 'Project not found');
    const rovers = await db.query<{ code: string }>(
      `SELECT r.code FROM project_devices pd JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = $2 WHERE pd.project_id = $1`,
      [p.id, user.workspace.id],
    );
    const all = deps.live?.correctionsClients() ?? [];
    const stream = p.external ? mountKey.project(p.id) : p.base_code === null ? null : mountKey.base(p.base_code);
    const clients = await receivers(db, all, user.workspace.id, { mount: stream, mqttRovers: codes(rovers) });
    return { success: true, reporting: reporting(), clients };
  });

  return router;
}
