import { openTestDb, type Db } from '@smi/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secretVerifier } from '@smi/devices';
import { silentLog } from '../log.js';
import { createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startCaster, type Caster } from './caster.js';
import { basic, rawNtrip } from './testing/helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: Db;
let caster: Caster;
let owner: string;
// every hash check the caster asks for, with the hash it names (null: a login that names nobody)
const checks: (string | null)[] = [];
const FREE = 5;
const QUEUE = 2;

/** The product's verifier, noting each hash it is asked to check (a secret it knows passes without one). */
function counting() {
  const verify = secretVerifier();
  return Object.assign(
    (hash: string | null, password: Buffer) => {
      checks.push(hash);
      return verify(hash, password);
    },
    { remembers: verify.remembers },
  );
}

beforeAll(async () => {
  db = await openTestDb();
  owner = await createUser(db);
  caster = await startCaster({
    db,
    log: silentLog,
    port: 0,
    host: '127.0.0.1',
    verifier: counting(),
    // one check a minute past the free ones: the test sees the lane's first turn and its queue, never a second turn
    throttle: { free: FREE, slowMs: 60_000, queue: QUEUE, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await caster?.close();
  await db?.close();
});

const source = (code: string, secret: string) => rawNtrip(caster.port, `SOURCE ${secret} /${code}\r\nSource-Agent: NTRIP test\r\n\r\n`);

describe('anonymous NTRIP logins', () => {
  it('a flood of wrong SOURCE secrets from one address is hashed a few times, then held back and refused unhashed; the base that logged in before still gets in', async () => {
    const base = await createDevice(db, owner, 'base');
    const first = source(base.code, base.secret);
    await eventually(() => first.hasHead());
    expect(first.head()).toBe('ICY 200 OK\r\n');
    first.socket.destroy();
    checks.length = 0;

    const flood = Array.from({ length: 40 }, (_, i) => source(base.code, `guess-${i}`));
    // all but the queue's are answered: the free ones and the lane's first turn after a hash, the rest without one
    await eventually(() => flood.filter((f) => f.closed()).length === 40 - QUEUE);
    for (const f of flood.filter((x) => x.closed())) expect(f.all()).toBe('ERROR - Bad Password\r\n');
    expect(checks).toHaveLength(FREE + 1);
    expect(caster.throttled()).toEqual({ slowed: QUEUE + 1, refused: 40 - FREE - 1 - QUEUE });
    for (const f of flood) f.socket.destroy();

    // the base's own secret from this address is not held behind the flood's failures: it passed before, no hash
    const again = source(base.code, base.secret);
    await eventually(() => again.hasHead());
    expect(again.head()).toBe('ICY 200 OK\r\n');
    again.socket.destroy();
  });

  it('costs exactly one hash check whether the code exists or not, and answers both alike', async () => {
    const fresh = await startCaster({ db, log: silentLog, port: 0, host: '127.0.0.1', verifier: counting() });
    try {
      const base = await createDevice(db, owner, 'base');
      const rover = await createDevice(db, owner, 'rover');
      const cases = [
        ['SOURCE of a real base', `SOURCE wrong /${base.code}\r\n\r\n`],
        ['SOURCE of no base', 'SOURCE wrong /NO-SUCH-BASE\r\n\r\n'],
        ['GET as a real rover', `GET /${base.code} HTTP/1.0\r\nAuthorization: ${basic(rover.code, 'wrong')}\r\n\r\n`],
        ['GET as nobody', `GET /${base.code} HTTP/1.0\r\nAuthorization: ${basic('NO-SUCH-ROVER', 'wrong')}\r\n\r\n`],
      ] as const;
      const seen: Record<string, { hashes: (string | null)[]; reply: string }> = {};
      for (const [name, request] of cases) {
        checks.length = 0;
        const r = rawNtrip(fresh.port, request);
        await eventually(() => r.closed());
        seen[name] = { hashes: [...checks], reply: r.all().replace(/Date: .*\r\n/, '') };
      }
      expect(seen['SOURCE of a real base']!.hashes).toEqual([expect.stringMatching(/^\$2b\$10\$/)]);
      expect(seen['SOURCE of no base']!.hashes).toEqual([null]);
      expect(seen['GET as a real rover']!.hashes).toEqual([expect.stringMatching(/^\$2b\$10\$/)]);
      expect(seen['GET as nobody']!.hashes).toEqual([null]);
      expect(seen['SOURCE of a real base']!.reply).toBe(seen['SOURCE of no base']!.reply);
      expect(seen['GET as a real rover']!.reply).toBe(seen['GET as nobody']!.reply);
    } finally {
      await fresh.close();
    }
  });
});
