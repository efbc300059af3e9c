/**
 * The servers of the NTRIP fan-out benchmark, one per child process: `caster` runs the product's gateway with its
 * NTRIP caster (PGlite, one base and one rover device whose credential every rover connection uses: the caster's
 * per-connection work is the same, and 500 bcrypt hashes would only slow the set-up); `bare` is a plain TCP fan-out
 * (the first connection is the source, every byte it sends is written to every other connection). Each prints
 * `ready <port> <base> <baseSecret> <rover> <roverSecret>` on stdout.
 */
import net from 'node:net';
import { openTestDb } from '@smi/db';
import { serviceCredential, silentLog, startGateway } from '../../apps/gateway/src/index.js';
import { createDevice, createUser } from '../../apps/gateway/src/testing/fixtures.js';

const mode = process.argv[2];
// stopped by the benchmark: exit through the 'exit' handlers (BENCH_PROFILE_DIR's profile is written there)
process.once('SIGTERM', () => process.exit(0));
if (mode === 'bare') {
  const clients = new Set<net.Socket>();
  let source: net.Socket | null = null;
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    s.on('error', () => {});
    if (!source) {
      source = s;
      s.on('data', (d: Buffer) => {
        for (const c of clients) c.write(d);
      });
    } else {
      clients.add(s);
      s.once('close', () => clients.delete(s));
    }
  });
  server.listen(0, '127.0.0.1', () => console.log(`ready ${(server.address() as net.AddressInfo).port} - - - -`));
} else {
  const db = await openTestDb();
  const owner = await createUser(db);
  const base = await createDevice(db, owner, 'base');
  const rover = await createDevice(db, owner, 'rover');
  const [p] = await db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner, 'Bench', base.id]);
  await db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
  const gateway = await startGateway({
    db,
    log: silentLog,
    service: serviceCredential({ jwtSecret: 'bench-secret-that-is-long-enough-to-be-real-0123456789' }),
    port: 0,
    host: '127.0.0.1',
    offlineAfterS: 30,
    ntripPort: 0,
    ntrip: { maxPerAddress: 2000, maxPerAccount: 2000 },
  });
  console.log(`ready ${gateway.caster!.port} ${base.code} ${base.secret} ${rover.code} ${rover.secret}`);
}
