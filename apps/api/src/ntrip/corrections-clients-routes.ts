import { Router } from 'express';
import { ntripUserEndpoints as e, type CorrectionsClient } from '@smi/contracts';
import { EXTERNAL_PROJECT } from '@smi/gateway';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';

/**
 * GET /api/devices/:id/corrections-clients: for a base, who receives its corrections now: rovers and NTRIP
 * credentials pulling its mountpoint (NTRIP) and the rovers of its Active projects subscribed to their corrections
 * (MQTT; not those of a project that takes a network's corrections instead), each with the age of what it was last sent; for a rover, what it receives itself. Every gateway reports
 * its own clients (see gatewayLink); this joins them with the owner's devices and credentials.
 */
export function correctionsClientsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;

  mount(router, e.correctionsClients, sessions.userOf.bind(sessions), async ({ user, params }) => {
    const [device] = await db.query<{ id: string; code: string; type: string }>('SELECT id, code, type FROM devices WHERE id = $1 AND owner_id = $2', [params.id, user.id]);
    if (!device) throw new AppError(404, 'Device not found');
    const all = deps.live?.correctionsClients() ?? [];
    const rovers = new Map(
      (
        await db.query<{ code: string; name: string }>(
          device.type === 'base'
            ? `SELECT DISTINCT r.code, r.name FROM projects p JOIN project_devices pd ON pd.project_id = p.id
                 JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = p.owner_id
                WHERE p.base_station_id = $1 AND p.owner_id = $2 AND p.status = 'Active' AND NOT ${EXTERNAL_PROJECT}`
            : 'SELECT code, name FROM devices WHERE id = $1 AND owner_id = $2',
          [device.id, user.id],
        )
      ).map((r) => [r.code, r.name]),
    );
    const credentials = new Map(
      (await db.query<{ username: string; name: string }>('SELECT username, name FROM ntrip_credentials WHERE user_id = $1', [user.id])).map((c) => [c.username, c.name]),
    );
    const mine =
      device.type === 'base'
        ? all.filter((c) => (c.via === 'ntrip' ? c.mount === device.code : rovers.has(c.who)))
        : all.filter((c) => c.who === device.code);
    const clients: CorrectionsClient[] = mine
      .map((c) => ({
        who: c.who,
        name: rovers.get(c.who) ?? credentials.get(c.who) ?? null,
        via: c.via,
        since: c.since,
        ageS: c.ageMs === null ? null : Math.round(c.ageMs / 100) / 10,
      }))
      .sort((a, b) => a.who.localeCompare(b.who) || a.via.localeCompare(b.via));
    return { success: true, reporting: !!deps.live, clients };
  });

  return router;
}
