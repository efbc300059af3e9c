import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPrivatePostgres } from '../testing/private-postgres.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

// Runs in the PostgreSQL pass of .ci/run, on a cluster of its own so stopping it disturbs no other test.
const enabled = !!process.env.DATABASE_URL && !!postgresBin();

describe.runIf(enabled)('when PostgreSQL stops for 10 s under load', () => {
  let pg: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let server: SpawnedServer;
  let cookie = '';

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    server = await spawnServer({ DATABASE_URL: pg.url, JWT_SECRET: 'fault-test-secret-0123456789-0123456789', EMBEDDED_GATEWAY: 'off' });
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Outage', email: 'outage@example.com', password: 'secret-1' }),
    });
    cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  const ask = async () => {
    const res = await fetch(`${server.url}/api/user/data`, { headers: { cookie }, signal: AbortSignal.timeout(20_000) });
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string } };
  };

  it('answers 503 {success:false, message} while it is down, stays up, and recovers alone', async () => {
    expect((await ask()).status).toBe(200);

    // load: four clients asking in a loop through the outage
    let running = true;
    const seen: Array<{ status: number; body: { success: boolean; message?: string } }> = [];
    const clients = Array.from({ length: 4 }, async () => {
      while (running) seen.push(await ask().catch((err) => ({ status: -1, body: { success: false, message: String(err) } })));
    });

    await new Promise((r) => setTimeout(r, 500));
    pg.stop('immediate');
    const downFrom = seen.length;
    await new Promise((r) => setTimeout(r, 10_000));
    const during = seen.slice(downFrom + 8); // a few requests were already in flight when it stopped
    pg.start();

    // back on its own: no restart of the server
    let recovered = false;
    for (let i = 0; i < 60 && !recovered; i++) {
      recovered = (await ask()).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 500));
    }
    running = false;
    await Promise.all(clients);

    expect(during.length).toBeGreaterThan(0);
    for (const r of during) {
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ success: false, message: 'The service is temporarily unavailable. Please try again shortly.' });
    }
    expect(seen.some((r) => r.status === 500 || r.status === -1)).toBe(false);
    expect(server.child.exitCode).toBeNull();
    expect(recovered).toBe(true);
    expect((await ask()).body).toMatchObject({ success: true, userData: { email: 'outage@example.com' } });
  }, 90_000);
});
