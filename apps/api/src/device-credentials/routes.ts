import { Router } from 'express';
import { deviceCredentialEndpoints as e } from '@smi/contracts';
import { hashDeviceSecret, newDeviceSecret } from '@smi/gateway';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { brokerHost } from '../public-config/routes.js';

/**
 * POST /api/devices/:id/secret: a new MQTT secret for the owner's device, shown once. Only its bcrypt hash is
 * stored; the old secret stops working at once and the device's open MQTT connections are closed.
 */
export function deviceCredentialRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;

  mount(router, e.newDeviceSecret, sessions.userOf.bind(sessions), async ({ user, params, req, res }) => {
    // ownership first: another account's device answers 404 whatever the state of the gateway
    const [owned] = await db.query('SELECT 1 FROM devices WHERE id = $1 AND owner_id = $2', [params.id, user.id]);
    if (!owned) throw new AppError(404, 'Device not found');
    const live = deps.live;
    if (!live) throw new AppError(503, 'The MQTT gateway is not running');
    const secret = newDeviceSecret();
    const [device] = await db.query<{ code: string }>('UPDATE devices SET secret_hash = $3 WHERE id = $1 AND owner_id = $2 RETURNING code', [
      params.id,
      user.id,
      await hashDeviceSecret(secret),
    ]);
    if (!device) throw new AppError(404, 'Device not found');
    // not awaited: with the gateway unreachable the signal waits in the MQTT client's queue, the reply does not
    live.revokeDevice(device.code).catch((err) => deps.log.warn({ err, device: device.code }, 'old device connections not closed'));
    res.status(201);
    return {
      success: true,
      message: 'New device secret created. It is shown only once.',
      username: device.code,
      secret,
      brokerUrl: live.brokerUrl(brokerHost(deps.config.publicUrl, req.hostname)),
    };
  });

  return router;
}

