import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@smi/contracts';
import type { Queryable } from '@smi/db';

export type OtpPurpose = 'verify' | 'reset' | 'unlock';
export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'exhausted';

/**
 * One-time codes: 6 digits from a CSPRNG, stored only as an HMAC keyed by a server secret, valid 10 minutes,
 * dead after 5 wrong tries. Each guess is counted before it is compared, so parallel guesses cannot exceed the limit.
 */
export function createOtps(secret: string) {
  const hash = (userId: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');

  return {
    async issue(q: Queryable, userId: string, purpose: OtpPurpose): Promise<string> {
      const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
      await q.query(
        `INSERT INTO otp_codes (user_id, purpose, code_hash, expires_at, attempts, created_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4), 0, now())
         ON CONFLICT (user_id, purpose) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
        [userId, purpose, hash(userId, purpose, code), LIMITS.otpTtlMs / 1000],
      );
      return code;
    },

    async check(q: Queryable, userId: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
      const [row] = await q.query<{ code_hash: string; expired: boolean; attempts: number }>(
        `UPDATE otp_codes SET attempts = attempts + 1
         WHERE user_id = $1 AND purpose = $2
         RETURNING code_hash, expires_at < now() AS expired, attempts`,
        [userId, purpose],
      );
      if (!row) return 'invalid';
      const drop = () => q.query('DELETE FROM otp_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
      if (row.expired) {
        await drop();
        return 'expired';
      }
      if (row.attempts > LIMITS.otpMaxAttempts) {
        await drop();
        return 'exhausted';
      }
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hash(userId, purpose, code), 'hex');
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await drop();
        return 'ok';
      }
      if (row.attempts >= LIMITS.otpMaxAttempts) {
        await drop();
        return 'exhausted';
      }
      return 'invalid';
    },
  };
}
export type Otps = ReturnType<typeof createOtps>;

export const OTP_MESSAGES: Record<Exclude<OtpCheck, 'ok'>, string> = {
  invalid: 'Invalid or expired code',
  expired: 'Invalid or expired code',
  exhausted: 'Too many wrong codes. Request a new code.',
};
