import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

/** Budgets per 15 minutes. Each endpoint is limited per client address and per account (e-mail or user id). */
export const RATE_LIMITS = {
  loginPerIp: 50,
  /** Failed logins to one account from addresses it never signed in from (the owner's own are not counted). */
  loginPerAccount: 10,
  /** Failed logins to one account from one address, known or not. */
  loginPerAccountAddress: 10,
  /** Not a budget: the addresses an account signed in from (kept 14 days; the in-memory store cannot time more than 24 days), exempt from its loginPerAccount budget. */
  loginKnownAddress: 1,
  codeSendPerIp: 20,
  codeSendPerAccount: 5,
  codeCheckPerIp: 50,
  codeCheckPerAccount: 15,
  registerPerIp: 20,
  passwordPerAccount: 10,
  /** Activation-key attempts per account (decision 027). */
  claimPerAccount: 10,
  /** Device registrations per account, refused or not (decision 037). */
  deviceRegisterPerAccount: 30,
  /** External sourcetables read per account and per address: each is a connection to a host:port the user names. */
  sourcetablePerAccount: 30,
  sourcetablePerIp: 60,
  /** NTRIP credentials created or revoked per account (a creation is a bcrypt round, a revocation a check on every gateway). */
  ntripCredentialPerAccount: 30,
  /** "Generate new secret" and new device NTRIP passwords per account (a bcrypt round each). */
  deviceSecretPerAccount: 60,
};
export type RateLimitName = keyof typeof RATE_LIMITS;
const WINDOW_S = 15 * 60;
const DURATION_S: Partial<Record<RateLimitName, number>> = { loginKnownAddress: 14 * 24 * 3600 };

export type Limiters = Record<RateLimitName, RateLimiterAbstract>;

/** In memory for one process; in Redis when several processes serve one deployment. */
export function createLimiters(opts: { redis?: unknown; scale?: number } = {}): Limiters {
  const scale = opts.scale ?? 1;
  const entries = Object.entries(RATE_LIMITS).map(([name, points]) => {
    const config = { keyPrefix: `rl:${name}`, points: Math.max(1, Math.round(points * scale)), duration: DURATION_S[name as RateLimitName] ?? WINDOW_S };
    const limiter = opts.redis
      ? new RateLimiterRedis({ ...config, storeClient: opts.redis, useRedisPackage: true, insuranceLimiter: new RateLimiterMemory(config) })
      : new RateLimiterMemory(config);
    return [name, limiter] as const;
  });
  return Object.fromEntries(entries) as unknown as Limiters;
}

/** "N minutes", rounded up, at least one. */
export const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
};
const tooManyAttempts = (wait: string) => `Too many attempts. Try again in ${wait}.`;

async function consume(limiter: RateLimiterAbstract, key: string, message = tooManyAttempts): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new AppError(429, message(minutesText(err.msBeforeNext)));
    throw err;
  }
}

/** Middleware: one point per request from this address. */
export const perIp =
  (limiter: RateLimiterAbstract, message?: (wait: string) => string): RequestHandler =>
  async (req, _res, next) => {
    await consume(limiter, req.ip ?? 'unknown', message);
    next();
  };

/** One point for this account (an e-mail or user id), called by a use-case once it knows whom the request is for. */
export const perAccount = (limiter: RateLimiterAbstract, account: string, message?: (wait: string) => string) =>
  consume(limiter, account.toLowerCase(), message);

export const accountOfBody = (req: Request): string | undefined =>
  typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : undefined;
