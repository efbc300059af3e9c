import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcrypt';

const BCRYPT_ROUNDS = 10;

/** A new device secret: 24 random bytes, 32 characters that survive any MQTT client's password field. */
export function newDeviceSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashDeviceSecret(secret: string): Promise<string> {
  return bcrypt.hash(secret, BCRYPT_ROUNDS);
}

/**
 * Checks a device password against its bcrypt hash. A device that reconnects often would cost a bcrypt round
 * each time, so a success is remembered as a SHA-256 of the password under that exact hash: a new secret (new
 * hash) forgets it by construction. `remembers` answers from that memory alone (no bcrypt): whether this password
 * has succeeded against this hash before.
 */
export function secretVerifier() {
  const verified = new Map<string, Buffer>();
  const digestOf = (password: Buffer) => createHash('sha256').update(password).digest();
  const verify = async function verify(secretHash: string, password: Buffer): Promise<boolean> {
    const digest = digestOf(password);
    const known = verified.get(secretHash);
    if (known) return timingSafeEqual(known, digest);
    if (password.length > 72 || !(await bcrypt.compare(password.toString('utf8'), secretHash))) return false;
    verified.set(secretHash, digest);
    if (verified.size > 50_000) verified.delete(verified.keys().next().value!);
    return true;
  };
  return Object.assign(verify, {
    remembers(secretHash: string, password: Buffer): boolean {
      const known = verified.get(secretHash);
      return !!known && timingSafeEqual(known, digestOf(password));
    },
  });
}
export type SecretVerifier = ReturnType<typeof secretVerifier>;
