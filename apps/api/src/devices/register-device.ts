import type { RegisterDeviceBody } from '@smi/contracts';
import type { Db } from '@smi/db';
import { isActivationKey, devicesRepository, toDeviceView } from '@smi/devices';
import type { SessionUser } from '../auth/session.js';
import { AppError } from '../http/errors.js';
import type { Limiters } from '../http/rate-limit.js';
import { perAccount } from '../http/rate-limit.js';

const TOO_MANY = (wait: string) => `Too many device registrations from this account. Try again in ${wait}.`;

/**
 * Registers a device code to the signed-in user. A code belongs to one account only: the MQTT broker knows a
 * device by it, so a code claimed by any account is refused (409), not quietly shared. With a maker key
 * (`makerKey`), a registration is claimed only when its user presents the device's activation key, here or later on
 * the device page; one without it holds nothing against another account's (decision 037). The registration screen and
 * messages stay as they are.
 */
export async function registerDevice(
  q: Db,
  limiters: Limiters,
  user: SessionUser,
  code: string,
  body: RegisterDeviceBody,
  makerKey: string | undefined,
) {
  // the body names the account to register to; only the signed-in one can be named (another answers like a missing one)
  if (body.Registered_User_Id !== undefined && body.Registered_User_Id !== user.id) throw new AppError(404, 'User not found');
  // every try counts, refused or not: probing codes costs the same budget as registering them
  await perAccount(limiters.deviceRegisterPerAccount, user.id, TOO_MANY);
  let claim: 'now' | 'pending' | 'proven' = 'now';
  if (makerKey) {
    claim = 'pending';
    if (body.ActivationKey) {
      await perAccount(limiters.claimPerAccount, user.id);
      if (!isActivationKey(makerKey, code, body.ActivationKey)) throw new AppError(400, 'Wrong activation key');
      claim = 'proven';
    }
  }
  const row = await devicesRepository.register(q, { code, name: body.Name, type: body.Type, ownerId: user.workspace.id, claim });
  if (!row) throw new AppError(409, 'This device is already registered');
  return { success: true as const, message: 'Device registered successfully!', device: toDeviceView(row) };
}
