import type { Server as HttpServer } from 'node:http';
import { LIMITS } from '@smi/contracts';
import { loadGatewayEnv, serviceCredential, startGateway, type Gateway } from '@smi/gateway';
import { seedDemo, startSimulator, type Simulator } from '@smi/simulator';
import type { Env } from '../env.js';
import type { AppDeps } from '../http/deps.js';
import { startLiveFeed } from './live-feed.js';

/**
 * Everything live, as `npm start` runs it: the embedded MQTT gateway (unless EMBEDDED_GATEWAY=off, when a
 * separate gateway process is reached at GATEWAY_MQTT_URL), the realtime feed on the api's server, and with
 * --demo / DEMO=1 a seeded demo account with the simulator running in-process.
 */
export async function startLive(o: { env: Env; deps: AppDeps; server: HttpServer; port: number; argv?: string[] }) {
  const { env, deps } = o;
  const gwEnv = loadGatewayEnv();
  const service = serviceCredential({ serviceSecret: gwEnv.MQTT_SERVICE_SECRET, jwtSecret: env.JWT_SECRET });
  let gateway: Gateway | undefined;
  if (env.EMBEDDED_GATEWAY === 'on') {
    gateway = await startGateway({
      db: deps.db,
      log: deps.log,
      service,
      port: env.MQTT_PORT,
      host: gwEnv.MQTT_HOST,
      redisUrl: env.REDIS_URL,
      offlineAfterS: env.DEVICE_OFFLINE_AFTER_S,
      readingsPerSecond: gwEnv.MQTT_DEVICE_READINGS_PER_S,
      ntripPort: gwEnv.NTRIP_PORT,
      heartbeatIntervalMs: gwEnv.MQTT_HEARTBEAT_MS,
      customBrokerAllow: gwEnv.CUSTOM_BROKER_ALLOW,
      proxyProtocolFrom: gwEnv.PROXY_PROTOCOL_FROM,
    });
  }
  const gatewayUrl = gateway?.localUrl ?? gwEnv.GATEWAY_MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}`;
  const live = await startLiveFeed({
    server: o.server,
    deps,
    gatewayUrl,
    service,
    redisUrl: env.REDIS_URL,
    mqttPublicUrl: gwEnv.MQTT_PUBLIC_URL,
    mqttPort: gateway?.port ?? env.MQTT_PORT,
    // the embedded caster's own port (NTRIP_PORT=0 picks one), else the one the separate gateways are given
    ntripPort: gateway ? gateway.caster?.port : gwEnv.NTRIP_PORT || undefined,
    localGateway: gateway,
  });
  deps.live = live;

  let simulator: Simulator | undefined;
  if (env.DEMO || (o.argv ?? process.argv).includes('--demo')) {
    const demo = await seedDemo(deps.db, LIMITS.defaultBase);
    simulator = await startSimulator({ brokerUrl: gatewayUrl, devices: demo.devices, rate: 1, log: deps.log });
    const banner = [
      '',
      '  Demo mode: a base and two rovers on the survey map; the rovers stand 20-30 s on each mark, then walk on.',
      `  Open http://localhost:${o.port}/login and sign in as ${demo.email} / ${demo.password}`,
      `  (project "Demo survey": http://localhost:${o.port}/projects/pointsurvey/${demo.projectId})`,
      '',
    ].join('\n');
    console.log(banner);
  }

  return {
    gateway,
    async close() {
      // closing: each part closes even when the one before it failed, and nobody is left to tell
      for (const part of [simulator, live, gateway]) await part?.close().catch(() => {});
    },
  };
}
