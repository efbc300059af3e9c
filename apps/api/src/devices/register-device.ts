import type { RegisterDeviceBody } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import type { SessionUser } from '../auth/session.js';
import { AppError } from '../http/errors.js';
import { devicesRepository, toDeviceView } from './repository.js';

/**
 * Registers a device code to the signed-in user. A code belongs to one account only: the MQTT broker knows a
 * device by it, so a code registered to any account is refused (409), not quietly shared.
 */
export async function registerDevice(q: Queryable, user: SessionUser, code: string, body: RegisterDeviceBody) {
  // the body names the account to register to; only the signed-in one can be named (another answers like a missing one)
  if (body.Registered_User_Id !== undefined && body.Registered_User_Id !== user.id) throw new AppError(404, 'User not found');
  const row = await devicesRepository.register(q, { code, name: body.Name, type: body.Type, ownerId: user.id });
  if (!row) throw new AppError(409, 'This device is already registered');
  return { success: true as const, message: 'Device registered successfully!', device: toDeviceView(row) };
}
