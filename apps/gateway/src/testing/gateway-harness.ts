import { openTestDb } from '@smi/db';
import { startGateway, type GatewayOptions } from '../gateway.js';
import { silentLog } from '../log.js';
import { serviceCredential } from '../service-credential.js';

/** A real gateway on a free port against a real database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function startTestGateway(opts: Partial<GatewayOptions> = {}) {
  const db = await openTestDb();
  const service = serviceCredential({ jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789' });
  const gateway = await startGateway({ db, log: silentLog, service, port: 0, host: '127.0.0.1', offlineAfterS: 30, ...opts });
  return {
    db,
    service,
    gateway,
    url: gateway.localUrl,
    async close() {
      await gateway.close();
      await db.close();
    },
  };
}
export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>;
