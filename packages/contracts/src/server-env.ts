import { z } from 'zod';

/**
 * The environment every server process reads, api and gateway alike: one declaration of each shared variable, its
 * default and its check. Each app extends it with its own (apps/api/src/env.ts, apps/gateway/src/env.ts); what they
 * mean is docs/configuration.md, which a test keeps in step with the schemas.
 */
export const port = z.coerce.number().int().min(0).max(65535);
const secret = (min: number) => z.string().min(min, { message: `must be at least ${min} characters` });

export const serverEnvSchema = z.object({
  /** The embedded broker's port (the api tells devices about it; the gateway listens on it). */
  MQTT_PORT: port.default(1883),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Shared by every process of a deployment: sessions, and the service credential's password when MQTT_SERVICE_SECRET is unset. */
  JWT_SECRET: secret(32).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DEVICE_OFFLINE_AFTER_S: z.coerce.number().int().min(1).max(86400).default(30),
  /** The device maker's key: a registration waits for the device's activation key, HMAC of it and the code (decisions 027, 037). */
  DEVICE_ACTIVATION_SECRET: secret(32).optional(),
});

/** A string of at least `min` characters, with the message the start prints when it is shorter. */
export const envSecret = secret;

/**
 * Parses an environment with an app's schema: empty values count as unset, and a wrong value becomes one line naming
 * the variable ("Invalid environment: PORT ..."), thrown as the app's own error.
 */
export function parseEnvironment<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>, fail: (message: string) => Error): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(`Invalid environment: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}
