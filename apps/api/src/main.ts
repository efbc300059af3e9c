import { existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, migrate, secureDataDir } from '@smi/db';
import { createClient } from 'redis';
import { composeDeps } from './compose.js';
import { EnvError, loadEnv } from './env.js';
import { createApp } from './app.js';
import { createAppServer } from './http/server.js';
import { createLimiters } from './http/rate-limit.js';
import { createLogger } from './logger.js';
import { startLive } from './realtime/start.js';
import { s3PhotoStore } from './photos/s3-photo-store.js';
import { schedulePointPurge } from './points/purge-job.js';

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  // everything this process writes (the data folder, the generated secret, PGlite's files, the outbox) is its own
  process.umask(0o077);
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL);
  // with DATABASE_URL the folder may not exist (nor be writable): it is made when the outbox first needs it
  const tightened = !env.DATABASE_URL || existsSync(env.DATA_DIR) ? secureDataDir(env.DATA_DIR) : 0;
  if (tightened) log.warn({ dataDir: env.DATA_DIR, entries: tightened }, 'data folder was readable by other users: tightened to 0700/0600');
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, 'db') });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'database migrated');

  // the rate limits' store: while Redis is away a command fails at once (no offline queue), so each limit falls back
  // to its in-memory insurance instead of holding the request until Redis returns (a sign-in hung with the outage)
  const redis = env.REDIS_URL ? createClient({ url: env.REDIS_URL, disableOfflineQueue: true }) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis error'));
  await redis?.connect();

  const photoStore = env.S3_ENDPOINT
    ? s3PhotoStore({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET!,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        region: env.S3_REGION,
        pathStyle: env.S3_PATH_STYLE,
      })
    : undefined;
  if (photoStore) log.info({ bucket: env.S3_BUCKET, made: await photoStore.ensureBucket() }, 'photos in the S3 bucket');
  else if (env.DATABASE_URL) log.warn({ dataDir: env.DATA_DIR }, 'photos are kept in this process\'s data folder: set S3_ENDPOINT when several api processes run');

  const deps = composeDeps({
    db,
    log,
    jwtSecret: env.JWT_SECRET,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    tileUrl: env.TILE_URL,
    gridsDir: env.GRIDS_DIR,
    trustProxy: env.TRUST_PROXY,
    healthToken: env.HEALTH_TOKEN,
    maxSocketsPerUser: env.MAX_SOCKETS_PER_USER,
    deviceActivationSecret: env.DEVICE_ACTIVATION_SECRET,
    webDist: WEB_DIST,
    limiters: createLimiters({ redis }),
    photoStore,
  });
  // files of photos deleted while the store was away (decision 067)
  void deps.photos.sweep().catch((err: unknown) => log.warn({ err }, 'photo files not removed yet'));
  // thumbnails pending when the process last stopped are made again (decision 081)
  void deps.photos.thumbnails
    .resume()
    .then((n) => n && log.info({ photos: n }, 'pending photo thumbnails queued'))
    .catch((err: unknown) => log.warn({ err }, 'pending photo thumbnails not queued'));
  // deleted points past their 30 days go for good (decision 072)
  const stopPurge = schedulePointPurge(deps);
  const server = createAppServer(createApp(deps));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(env.PORT, ok);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const live = await startLive({ env, deps, server, port });
  log.info({ port, database: db.kind, mail: env.SMTP_URL ? 'smtp' : 'outbox' }, `Site Measurement IoT on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // a dependency that is down (Redis, PostgreSQL) must not keep the process from exiting
    setTimeout(() => {
      log.warn({ signal }, 'shutdown took over 10 s; exiting anyway');
      process.exit(0);
    }, 10_000).unref();
    stopPurge();
    await deps.photos.thumbnails.stop();
    await live.close();
    server.close();
    server.closeAllConnections();
    await redis?.quit().catch((err) => log.warn({ err }, 'Redis connection not closed cleanly'));
    await db.close().catch((err) => log.warn({ err }, 'database not closed cleanly'));
    // PGlite's file system layer sets 0666 on the files it makes whatever the umask (the 0700 folder keeps them
    // out of reach meanwhile): at rest they are 0600 too
    if (!env.DATABASE_URL) {
      try {
        secureDataDir(env.DATA_DIR);
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
  console.error(`Start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
