import { Router } from 'express';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import { deviceCredentialEndpoints as e } from '@smi/contracts';
import { hashDeviceSecret, isActivationKey, newDeviceSecret, devicesRepository, toDeviceView } from '@smi/devices';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { perAccount } from '../http/rate-limit.js';
import { brokerHost } from '../public-config/routes.js';

// "Generate new secret" and a new NTRIP password share one budget: each is a bcrypt round
const TOO_MANY_SECRETS = (wait: string) => `Too many new device secrets. Try again in ${wait}.`;

/**
 * POST /api/devices/:id/secret: a new MQTT secret for the owner's device, shown once. Only its bcrypt hash is
 * stored; the old secret stops working at once and the device's open MQTT connections are closed.
 */
export function deviceCredentialRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;

  mount(router, e.newDeviceSecret, sessions.userOf.bind(sessions), async ({ user, params, req, res }) => {
    // ownership first: another account's device answers 404 whatever the state of the gateway
    const [owned] = await db.query<{ claimed: boolean }>('SELECT claimed_at IS NOT NULL AS claimed FROM devices WHERE id = $1 AND owner_id = $2', [
      params.id,
      user.workspace.id,
    ]);
    if (!owned) throw new AppError(404, 'Device not found');
    // an unclaimed registration proves nothing yet: a squatter must not get a login for someone else's receiver
    if (!owned.claimed) throw new AppError(409, NOT_ACTIVATED);
    const live = deps.live;
    if (!live) throw new AppError(503, 'The MQTT gateway is not running');
    await perAccount(deps.limiters.deviceSecretPerAccount, user.id, TOO_MANY_SECRETS);
    const secret = newDeviceSecret();
    const hash = await hashDeviceSecret(secret);
    const device = await db.tx(async (q) => {
      const renewed = await devicesRepository.setSecretHash(q, user.workspace.id, params.id, hash);
      if (!renewed) throw new AppError(404, 'Device not found');
      // the secret itself is never in the trail: only that it was renewed, for which device
      await writeAudit(q, actorOf(user), { action: 'device.secret-renewed', objectKind: 'device', objectId: params.id, after: { Code: renewed.code } });
      return renewed;
    });
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

  /**
   * POST /api/devices/:id/ntrip-password: a new NTRIP password for the owner's device, shown once, apart from its
   * MQTT secret. From then on the caster takes it (and no longer the MQTT secret) for the device's pulls and pushes;
   * open ones made with what it took before end on every gateway. Only its bcrypt hash is stored.
   */
  mount(router, e.newDeviceNtripPassword, sessions.userOf.bind(sessions), async ({ user, params, res }) => {
    const [owned] = await db.query<{ claimed: boolean }>('SELECT claimed_at IS NOT NULL AS claimed FROM devices WHERE id = $1 AND owner_id = $2', [
      params.id,
      user.workspace.id,
    ]);
    if (!owned) throw new AppError(404, 'Device not found');
    if (!owned.claimed) throw new AppError(409, NOT_ACTIVATED);
    await perAccount(deps.limiters.deviceSecretPerAccount, user.id, TOO_MANY_SECRETS);
    const password = newDeviceSecret();
    const [device] = await db.query<{ code: string }>(
      'UPDATE devices SET ntrip_secret_hash = $3 WHERE id = $1 AND owner_id = $2 AND claimed_at IS NOT NULL RETURNING code',
      [params.id, user.workspace.id, await hashDeviceSecret(password)],
    );
    if (!device) throw new AppError(404, 'Device not found');
    // every gateway checks the account's open NTRIP sessions again: those made with the old login end
    deps.events.emit('ntripAccessChanged', user.workspace.id);
    res.status(201);
    return { success: true, message: 'New NTRIP password created. It is shown only once.', username: device.code, password };
  });

  /**
   * POST /api/devices/:id/claim {activationKey}: the owner proves possession with the key the maker printed on the
   * device (decision 027); the device can then get its MQTT secret. The device itself can do the same by logging
   * in to the broker once with that key.
   */
  mount(router, e.claimDevice, sessions.userOf.bind(sessions), async ({ user, params, body }) => {
    const row = await devicesRepository.ownedByRef(db, user.workspace.id, params.id);
    if (!row) throw new AppError(404, 'Device not found');
    if (row.claimed_at) return { success: true, message: 'Device already activated', device: toDeviceView(row) };
    const makerKey = deps.config.deviceActivationSecret;
    if (!makerKey) throw new AppError(409, 'Device activation is not enabled on this server');
    // 144-bit keys are not guessed; the budget only keeps a script from hammering the check
    await perAccount(deps.limiters.claimPerAccount, user.id);
    if (!isActivationKey(makerKey, row.code, body.activationKey)) throw new AppError(400, 'Wrong activation key');
    const claimed = (await devicesRepository.claim(db, user.workspace.id, row.id)) ?? (await devicesRepository.ownedByRef(db, user.workspace.id, row.id));
    if (!claimed) throw new AppError(404, 'Device not found');
    return { success: true, message: 'Device activated', device: toDeviceView(claimed) };
  });

  return router;
}

const NOT_ACTIVATED = 'This device is not activated yet: enter the activation key printed on it first';

