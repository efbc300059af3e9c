import { Router } from 'express';
import { deviceEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { baseRtcmOf } from './base-rtcm.js';
import { checkDevice, connectDevice, disconnectDevice } from './connected-devices.js';
import { deviceAlerts } from './device-alerts.js';
import { registerDevice } from './register-device.js';
import { devicesRepository, toDeviceView } from '@smi/devices';

export function deviceRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  const list = async (ownerId: string, filter?: Parameters<typeof devicesRepository.list>[2]) =>
    (await devicesRepository.list(db, ownerId, filter)).map(toDeviceView);

  // /check first: Express tries routes in order and /api/devices/:id must not swallow it (it cannot: one segment more)
  mount(router, e.checkDevice, load, ({ user, params }) => checkDevice(db, user.workspace.id, params.deviceCode));
  mount(router, e.getDevice, load, async ({ user, params }) => {
    const row = await devicesRepository.ownedByRef(db, user.workspace.id, params.id);
    if (!row) throw new AppError(404, 'Device not found');
    // beside the device's usual fields: what the base's RTCM stream said, null for a device that never sent any
    const view = row.type === 'base' ? { ...toDeviceView(row), Rtcm: await baseRtcmOf(db, row.id) } : toDeviceView(row);
    return { success: true, device: view, ...view };
  });
  mount(router, e.registerDevice, load, async ({ user, params, body, res }) => {
    const reply = await registerDevice(db, deps.limiters, user, params.deviceId, body, deps.config.deviceActivationSecret);
    res.status(201);
    return reply;
  });

  mount(router, e.addDevice, load, ({ user, body }) => connectDevice(db, user.workspace.id, body.DeviceCode));
  mount(router, e.removeDevice, load, ({ user, body }) =>
    disconnectDevice(db, user.workspace.id, body.deviceId, (code) =>
      deps.live?.revokeDevice(code).catch((err) => deps.log.warn({ err, device: code }, 'removed device\'s connections not closed')),
    ),
  );

  mount(router, e.connectedDevices, load, async ({ user }) => ({ success: true, connectedDevices: await list(user.workspace.id, { connected: true }) }));
  mount(router, e.registeredDevices, load, async ({ user }) => ({ success: true, devices: await list(user.workspace.id) }));
  mount(router, e.deviceAlerts, load, ({ user }) => deviceAlerts(db, user.workspace.id));
  mount(router, e.baseStations, load, async ({ user }) => ({
    success: true,
    connectedDevices: await list(user.workspace.id, { connected: true, type: 'base' }),
  }));
  mount(router, e.clientDevices, load, async ({ user }) => ({
    success: true,
    connectedDevices: await list(user.workspace.id, { connected: true, type: 'rover' }),
  }));
  return router;
}
