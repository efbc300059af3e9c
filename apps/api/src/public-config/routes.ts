import { Router } from 'express';
import { publicConfigEndpoints as e, type PublicConfigReply } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';

/**
 * GET /api/config: the map tile source and the MQTT broker address, so the browser draws the tiles the server is
 * set up for and the device screens can say where to connect before a secret is made. The broker address is
 * computed as POST /api/devices/:id/secret computes it (PUBLIC_URL's host, else the host the browser asked for).
 */
export function publicConfigRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, e.publicConfig, async () => null, ({ req }) => {
    const reply: PublicConfigReply = {
      success: true,
      tileUrl: deps.config.tileUrl,
      brokerUrl: deps.live?.brokerUrl(brokerHost(deps.config.publicUrl, req.hostname)) ?? null,
      deviceActivation: !!deps.config.deviceActivationSecret,
    };
    return reply;
  });
  return router;
}

/** Same rule as device-credentials/routes.ts (not exported there): an IPv6 host is bracketed in a URL. */
export function brokerHost(publicUrl: string | undefined, requestHost: string): string {
  const host = publicUrl ? new URL(publicUrl).hostname : requestHost;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
