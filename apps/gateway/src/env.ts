import { z } from 'zod';
import { parseOutboundAllow } from '@smi/outbound';

const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  MQTT_PORT: port.default(1883),
  /** Interface the broker listens on; 0.0.0.0 so devices on the network reach it. */
  MQTT_HOST: z.string().min(1).default('0.0.0.0'),
  /** The NTRIP caster's port (bases push RTCM, rovers and controllers pull it); 0 picks a free one. */
  NTRIP_PORT: port.default(2101),
  /** What devices are told to connect to (the secret reply); default mqtt://{the api's host}:{MQTT_PORT}. */
  MQTT_PUBLIC_URL: z.url({ protocol: /^(mqtts?|tcp|ssl|wss?)$/ }).optional(),
  /** Where the api reaches the gateway with its service credential (distributed mode); default the embedded one. */
  GATEWAY_MQTT_URL: z.url({ protocol: /^(mqtts?|tcp)$/ }).optional(),
  /** The service credential's password; when absent it is derived from JWT_SECRET, which every process shares. */
  MQTT_SERVICE_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEVICE_OFFLINE_AFTER_S: z.coerce.number().int().min(1).max(86400).default(30),
  /** Readings of one device forwarded per second at most, on average (bursts of a quarter second's worth pass at once); faster ones are coalesced (the newest wins). */
  MQTT_DEVICE_READINGS_PER_S: z.coerce.number().int().min(1).max(1000).default(20),
  /** Heartbeat between gateway processes sharing Redis (ms): one silent for three is dead and another publishes its devices' wills. */
  MQTT_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Internal addresses (IPs, CIDR ranges, host names; comma-separated) a user's custom broker URL may reach. */
  CUSTOM_BROKER_ALLOW: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseOutboundAllow(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Proxies in front that send a PROXY header naming each client (IPs, CIDR ranges, host names; comma-separated). */
  PROXY_PROTOCOL_FROM: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseOutboundAllow(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** The device maker's key; the api checks activation keys with it (decision 037: a device's own login never claims it). */
  DEVICE_ACTIVATION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type GatewayEnv = z.infer<typeof schema>;

export class GatewayEnvError extends Error {}

/** Reads the gateway's part of the environment (the api reads the same variables for the embedded gateway). */
export function loadGatewayEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new GatewayEnvError(`Invalid environment: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}
