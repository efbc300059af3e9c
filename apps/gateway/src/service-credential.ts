import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The api and internal clients log in to the broker as this user. It starts with '$', which no device code may,
 * so no device can ever be mistaken for it.
 */
export const SERVICE_USERNAME = '$smi-service';

export interface ServiceCredential {
  username: string;
  password: string;
}

/** MQTT_SERVICE_SECRET when set, else derived from JWT_SECRET, which every process of a deployment shares. */
export function serviceCredential(opts: { serviceSecret?: string; jwtSecret?: string }): ServiceCredential {
  const password =
    opts.serviceSecret ??
    (opts.jwtSecret ? createHmac('sha256', opts.jwtSecret).update('smi mqtt service credential v1').digest('base64url') : undefined);
  if (!password) throw new Error('The MQTT service credential needs MQTT_SERVICE_SECRET or JWT_SECRET');
  return { username: SERVICE_USERNAME, password };
}

export function isServiceLogin(cred: ServiceCredential, username: string | undefined, password: Buffer | undefined): boolean {
  if (username !== cred.username || !password) return false;
  const expected = Buffer.from(cred.password);
  return password.length === expected.length && timingSafeEqual(password, expected);
}
