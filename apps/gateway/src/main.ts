import { join, resolve } from 'node:path';
import { migrate, openDb, secureDataDir } from '@smi/db';
import { GatewayEnvError, loadGatewayEnv } from './env.js';
import { startGateway } from './gateway.js';
import { jsonLog } from './log.js';
import { serviceCredential } from './service-credential.js';

/**
 * The gateway on its own (distributed mode): `npm run start -w @smi/gateway` with DATABASE_URL (and REDIS_URL
 * when there are several gateway processes). The api processes reach it at GATEWAY_MQTT_URL.
 */
async function main() {
  let env;
  try {
    env = loadGatewayEnv();
  } catch (err) {
    if (err instanceof GatewayEnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!env.MQTT_SERVICE_SECRET && !env.JWT_SECRET) {
    console.error('Invalid environment: MQTT_SERVICE_SECRET or JWT_SECRET is required (the api must share it)');
    process.exit(1);
  }
  const log = jsonLog(env.LOG_LEVEL);
  if (!env.DATABASE_URL) {
    const tightened = secureDataDir(resolve(env.DATA_DIR));
    if (tightened) log.warn({ dataDir: env.DATA_DIR, entries: tightened }, 'data folder was readable by other users: tightened to 0700/0600');
  }
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : join(resolve(env.DATA_DIR), 'db') });
  await migrate(db);
  const gateway = await startGateway({
    db,
    log,
    service: serviceCredential({ serviceSecret: env.MQTT_SERVICE_SECRET, jwtSecret: env.JWT_SECRET }),
    port: env.MQTT_PORT,
    host: env.MQTT_HOST,
    redisUrl: env.REDIS_URL,
    offlineAfterS: env.DEVICE_OFFLINE_AFTER_S,
    readingsPerSecond: env.MQTT_DEVICE_READINGS_PER_S,
    ntripPort: env.NTRIP_PORT,
    heartbeatIntervalMs: env.MQTT_HEARTBEAT_MS,
    customBrokerAllow: env.CUSTOM_BROKER_ALLOW,
    proxyProtocolFrom: env.PROXY_PROTOCOL_FROM,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'gateway shutting down');
    await gateway.close().catch((err) => log.warn({ err }, 'gateway not closed cleanly'));
    await db.close().catch((err) => log.warn({ err }, 'database not closed cleanly'));
    if (!env.DATABASE_URL) {
      try {
        secureDataDir(resolve(env.DATA_DIR));
      } catch {
        // the next start tightens it
      }
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(`Gateway start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
