import type { RegisterDeviceBody } from '@smi/contracts';
import type { Db } from '@smi/db';
import { UNCLAIMED_HOLD_MS } from '@smi/gateway';
import type { SessionUser } from '../auth/session.js';
import { AppError } from '../http/errors.js';
import { devicesRepository, toDeviceView } from './repository.js';

/**
 * Registers a device code to the signed-in user. A code belongs to one account only: the MQTT broker knows a
 * device by it, so a code registered to any account is refused (409), not quietly shared. With a maker key
 * (`activation`), the registration is unclaimed until the activation key proves the owner holds the device, and an
 * unclaimed one older than a day gives way to another account's (decision 027): the spec's screen and messages
 * stay as they are.
 */
export async function registerDevice(q: Db, user: SessionUser, code: string, body: RegisterDeviceBody, activation: boolean) {
  // the body names the account to register to; only the signed-in one can be named (another answers like a missing one)
  if (body.Registered_User_Id !== undefined && body.Registered_User_Id !== user.id) throw new AppError(404, 'User not found');
  const row = await devicesRepository.register(q, {
    code,
    name: body.Name,
    type: body.Type,
    ownerId: user.id,
    unclaimed: activation ? { holdMs: UNCLAIMED_HOLD_MS } : undefined,
  });
  if (!row) throw new AppError(409, 'This device is already registered');
  return { success: true as const, message: 'Device registered successfully!', device: toDeviceView(row) };
}
