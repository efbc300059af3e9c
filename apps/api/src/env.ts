import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { envSecret, parseEnvironment, port, serverEnvSchema } from '@smi/contracts/server-env';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** The api's variables: the shared ones (@smi/contracts/server-env) and its own. */
export const apiEnvSchema = serverEnvSchema.extend({
  PORT: port.default(3000),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Site Measurement IoT <no-reply@localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  DEMO: flag,
  /** off: run the api alone (distributed mode), the gateway runs as its own process. */
  EMBEDDED_GATEWAY: z.enum(['on', 'off']).default('on'),
  /** Number of proxy hops to trust for the client address (behind a load balancer). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** The grids folder: PROJ-data NTv2 (.gsb) and geoid (.gtx) files coordinate systems need; default DATA_DIR/grids. */
  GRIDS_DIR: z.string().min(1).optional(),
  /** Sockets one account may hold open on one api process. */
  MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Bearer token that shows /api/health's internal counters to an operator from outside this host. */
  HEALTH_TOKEN: envSecret(16).optional(),
  /** An S3-compatible store for photos (decision 067); without it photos are files in DATA_DIR/photos. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** https://host/bucket/key (MinIO and most self-hosted stores; the default) rather than https://bucket.host/key */
  S3_PATH_STYLE: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true' || v === 'yes'),
});

export type Env = z.infer<typeof apiEnvSchema> & { JWT_SECRET: string; DATA_DIR: string };

/**
 * Reads and checks the environment once. A wrong value ends the start with one line naming the variable.
 * In embedded mode (no DATABASE_URL) a missing JWT_SECRET is generated once and kept in DATA_DIR.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnvironment(apiEnvSchema, source, (message) => new EnvError(message));
  const dataDir = resolve(env.DATA_DIR);
  let secret = env.JWT_SECRET;
  if (!secret) {
    if (env.DATABASE_URL) throw new EnvError('Invalid environment: JWT_SECRET is required when DATABASE_URL is set');
    secret = keptSecret(dataDir);
  }
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean))
    throw new EnvError('Invalid environment: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return { ...env, DATA_DIR: dataDir, JWT_SECRET: secret };
}

export class EnvError extends Error {}

function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
