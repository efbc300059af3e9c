import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A device's activation key: what its maker prints on the label (or flashes into it) and what proves, once, that
 * the signed-in user who enters it holds the device (decisions 027, 037). Derived from the maker's key and the code, so the
 * server stores nothing per device and a maker can print labels offline: HMAC-SHA256(makerKey, label + code),
 * base64url, 24 characters (144 bits).
 */
export function deviceActivationKey(makerKey: string, code: string): string {
  return createHmac('sha256', makerKey).update(`smi-device-activation\0${code}`).digest('base64url').slice(0, 24);
}

/** The activation check, in constant time whatever the candidate. */
export function isActivationKey(makerKey: string, code: string, candidate: string | Buffer): boolean {
  const expected = Buffer.from(deviceActivationKey(makerKey, code));
  const given = Buffer.isBuffer(candidate) ? candidate : Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
