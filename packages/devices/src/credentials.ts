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

// a hash of a random secret nobody kept, of the same cost as every device's: a login naming no device (or one with no
// secret) compares against it, so that it takes as long as a wrong secret for a real one
const NO_SECRET_HASH = '$2b$10$N5bi4mSh/K0h3m6SviwYnuRxYXZiDVA45MgFrJnLYDrGpTYyEGklG';

/**
 * Checks a device password against its bcrypt hash. A device that reconnects often would cost a bcrypt round
 * each time, so a success is remembered as a SHA-256 of the password under that exact hash: a new secret (new
 * hash) forgets it by construction. Every other answer costs one bcrypt round, whether the hash is known, the
 * password wrong, or there is no hash at all (`null`: no such device): how long a refusal takes tells nothing.
 * Identical checks running at once share one round (a fleet reconnecting with one credential). `remembers` answers
 * from that memory alone (no bcrypt): whether this password has succeeded against this hash before.
 */
export function secretVerifier() {
  const verified = new Map<string, Buffer>();
  const running = new Map<string, Promise<boolean>>();
  const digestOf = (password: Buffer) => createHash('sha256').update(password).digest();
  /** Whether this exact secret passed for this hash before, from memory alone: no bcrypt round, nothing to throttle. */
  const remembers = (secretHash: string | null, password: Buffer): boolean => {
    const seen = secretHash ? verified.get(secretHash) : undefined;
    return !!seen && timingSafeEqual(seen, digestOf(password));
  };
  async function verify(secretHash: string | null, password: Buffer): Promise<boolean> {
    if (remembers(secretHash, password)) return true;
    const digest = digestOf(password);
    const key = `${secretHash ?? ''}|${digest.toString('base64')}`;
    let check = running.get(key);
    if (!check) {
      check = bcrypt.compare(password.toString('utf8'), secretHash ?? NO_SECRET_HASH).then((ok) => ok && !!secretHash && password.length <= 72);
      running.set(key, check);
      // the caller awaits `check` and gets its error; this copy only clears the map
      void check.finally(() => running.delete(key)).catch(() => {});
    }
    if (!(await check)) return false;
    verified.set(secretHash!, digest);
    if (verified.size > 50_000) verified.delete(verified.keys().next().value!);
    return true;
  }
  return Object.assign(verify, { remembers });
}
export type SecretVerifier = ReturnType<typeof secretVerifier>;
