import { z } from 'zod';
import { parseOutboundAllow } from '@smi/outbound';
import { envSecret, parseEnvironment, port, serverEnvSchema } from '@smi/contracts/server-env';

/** The gateway's variables: the shared ones (@smi/contracts/server-env) and its own. */
export const gatewayEnvSchema = serverEnvSchema.extend({
  /** Interface the broker listens on; 0.0.0.0 so devices on the network reach it. */
  MQTT_HOST: z.string().min(1).default('0.0.0.0'),
  /** The NTRIP caster's port (bases push RTCM, rovers and controllers pull it); 0 picks a free one. */
  NTRIP_PORT: port.default(2101),
  /** What devices are told to connect to (the secret reply); default mqtt://{the api's host}:{MQTT_PORT}. */
  MQTT_PUBLIC_URL: z.url({ protocol: /^(mqtts?|tcp|ssl|wss?)$/ }).optional(),
  /** Where the api reaches the gateway with its service credential (distributed mode); default the embedded one. */
  GATEWAY_MQTT_URL: z.url({ protocol: /^(mqtts?|tcp)$/ }).optional(),
  /** The service credential's password; when absent it is derived from JWT_SECRET, which every process shares. */
  MQTT_SERVICE_SECRET: envSecret(32).optional(),
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
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export class GatewayEnvError extends Error {}

/** Reads the gateway's part of the environment (the api reads the same variables for the embedded gateway). */
export function loadGatewayEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  return parseEnvironment(gatewayEnvSchema, source, (message) => new GatewayEnvError(message));
}
