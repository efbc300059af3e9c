import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { openTestDb, type Db } from '@smi/db';
import { composeDeps } from '../compose.js';
import { createApp } from '../app.js';
import { createAppServer } from '../http/server.js';
import { createLimiters } from '../http/rate-limit.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { AppDeps } from '../http/deps.js';
import { silentLogger } from '../logger.js';
import { startSmtpCapture } from './smtp-capture.js';
import type { PhotoStore } from '../photos/photo-store.js';
import type { ThumbnailYield } from '../photos/thumbnails.js';

export interface HarnessOptions {
  /** Multiplies every rate-limit budget (fuzz tests raise it; the rate-limit test keeps 1). */
  rateLimitScale?: number;
  publicUrl?: string;
  /** Proxies in front whose X-Forwarded-For is believed (tests of per-address rules). */
  trustProxy?: number;
  healthToken?: string;
  /** The grids folder (GRIDS_DIR); Debian's proj-data by default. */
  gridsDir?: string;
  /** Wraps the real (SMTP) mailer, e.g. to hold mails back. */
  wrapMailer?: (mailer: Mailer) => Mailer;
  /** The maker's key: new devices wait for their activation key (decision 027). */
  deviceActivationSecret?: string;
  /** Where work after a reply goes (e.g. a queue the test releases). */
  afterReply?: AppDeps['afterReply'];
  /** Wraps the database the app uses, e.g. to record its statements. */
  wrapDb?: (db: Db) => Db;
  /** Where photo files go (an S3 bucket); default the data folder's photos/. */
  photoStore?: PhotoStore;
  /** How photo thumbnails give way to uploads (decision 084); the product's by default. */
  thumbnailYield?: ThumbnailYield;
}

/**
 * The real app on a free port against a real database (PGlite, or PostgreSQL when DATABASE_URL is set),
 * with mail going over real SMTP to a capture server.
 */
export async function startHarness(opts: HarnessOptions = {}) {
  const real = await openTestDb();
  const db = opts.wrapDb ? opts.wrapDb(real) : real;
  const smtp = await startSmtpCapture();
  const dataDir = mkdtempSync(join(tmpdir(), 'smi-api-'));
  const deps: AppDeps = composeDeps({
    db,
    log: silentLogger,
    jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789',
    dataDir,
    smtpUrl: smtp.url,
    mailFrom: 'Site Measurement IoT <test@localhost>',
    publicUrl: opts.publicUrl,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    // Debian's proj-data grids (scripts/test-deps.sh installs them)
    gridsDir: opts.gridsDir ?? '/usr/share/proj',
    limiters: createLimiters({ scale: opts.rateLimitScale ?? 1000 }),
    trustProxy: opts.trustProxy,
    healthToken: opts.healthToken,
    deviceActivationSecret: opts.deviceActivationSecret,
    afterReply: opts.afterReply,
    photoStore: opts.photoStore,
    thumbnailYield: opts.thumbnailYield,
    mailer: opts.wrapMailer?.(createMailer({ smtpUrl: smtp.url, from: 'Site Measurement IoT <test@localhost>', outboxDir: dataDir, log: silentLogger })),
  });
  const app = createApp(deps);
  const server: Server = createAppServer(app);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let counter = 0;
  const harness = {
    app,
    server,
    url,
    db,
    deps,
    smtp,
    dataDir,
    agent: () => request.agent(server),
    /** Registers, verifies with the mailed code, and returns a signed-in agent with the user's id. */
    async verifiedUser(name = `Surveyor ${++counter}`) {
      const email = `user${Date.now().toString(36)}${++counter}@example.com`;
      const password = 'field-work-1';
      const agent = request.agent(server);
      await agent.post('/api/auth/register').send({ name, email, password }).expect(201);
      const before = smtp.mails.length;
      await agent.get('/api/auth/sendverifyotp').expect(200);
      const code = await smtp.codeFor(email, before);
      await agent.post('/api/auth/verify-email').send({ otp: code }).expect(200);
      const { body } = await agent.get('/api/user/data').expect(200);
      return { agent, email, password, name, userId: body.userData.userId as string };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      await deps.photos.thumbnails.stop();
      await smtp.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
export type Harness = Awaited<ReturnType<typeof startHarness>>;
