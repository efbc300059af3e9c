import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { createCounters, liveEndpoints as e, type HealthReply } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';


/**
 * GET /api/health: the database, the api's link to the MQTT gateway, and the counts every gateway keeps (what was
 * accepted and every drop by reason), as each last reported them. 503 when the database does not answer.
 */
/**
 * The service itself and tools on its host (the client address, after TRUST_PROXY, is loopback), or an operator
 * presenting HEALTH_TOKEN as a bearer token.
 */
function insider(req: Request, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  const ip = req.ip ?? '';
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, e.health, async () => null, async ({ req, res }) => {
    const dbUp = await deps.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!insider(req, deps.config.healthToken)) {
      // a load balancer's check needs no more; the counters tell an outsider how the broker is attacked
      if (!dbUp) res.status(503);
      return { success: dbUp, db: dbUp ? 'up' : 'down' } satisfies HealthReply;
    }
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
