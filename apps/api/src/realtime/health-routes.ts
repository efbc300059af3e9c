import { Router } from 'express';
import { liveEndpoints as e, type HealthReply } from '@smi/contracts';
import { createCounters } from '@smi/gateway';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';


/**
 * GET /api/health: the database, the api's link to the MQTT gateway, and the counts every gateway keeps (what was
 * accepted and every drop by reason), as each last reported them. 503 when the database does not answer.
 */
export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, e.health, async () => null, async ({ res }) => {
    const dbUp = await deps.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const broker = deps.live?.health() ?? { connected: false, gateways: [] };
    const reply: HealthReply = {
      success: dbUp,
      db: dbUp ? 'up' : 'down',
      broker: { connected: broker.connected, gateways: broker.gateways, totals: broker.totals ?? createCounters() },
      sockets: deps.live?.socketCount() ?? 0,
    };
    if (!dbUp) res.status(503);
    return reply;
  });
  return router;
}
