// The NTRIP step of scripts/compose-test.sh: a base pushing RTCM with RTKLIB's str2str to the proxy's NTRIP port, a
// rover of the same project pulling it with str2str (NTRIP 1, as receivers do); the rover gets the base's bytes.
//   env: NTRIP_PORT (the proxy's published 2101), STATE_FILE (the devices drive.mjs made), CAPTURE (an RTCM 3 file),
//        COMPOSE (the compose command line, JSON array: the gateways' logs say when the base is connected)
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { base, rover } = JSON.parse(readFileSync(process.env.STATE_FILE, 'utf8'));
const port = process.env.NTRIP_PORT;
const capture = readFileSync(process.env.CAPTURE);
const dir = mkdtempSync(join(tmpdir(), 'ntrip-'));
const got = join(dir, 'got.rtcm3');
const str2str = (args) => spawn('str2str', args, { stdio: ['pipe', 'ignore', 'ignore'] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const COMPOSE = JSON.parse(process.env.COMPOSE);
// how many times a gateway has logged the base's NTRIP source connected
const sourceConnections = () =>
  new Promise((ok) =>
    execFile(COMPOSE[0], [...COMPOSE.slice(1), 'logs', '--no-color', 'gateway1', 'gateway2'], { maxBuffer: 64 << 20 }, (_err, stdout) =>
      ok((stdout ?? '').split('\n').filter((l) => l.includes('"ntrip source connected"') && l.includes(`"mount":"${base.code}"`)).length),
    ),
  );

const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@localhost:${port}/${base.code}`, '-out', `file://${got}`]);
await sleep(2000);
// the base reads from its stdin, written once the caster has taken it (str2str drops what it reads before it is
// connected, and a file is read at once)
const before = await sourceConnections();
const push = str2str(['-out', `ntrips://:${base.secret}@localhost:${port}/${base.code}`]);
push.stdin.on('error', () => {});
const connectedBy = Date.now() + 60_000;
while ((await sourceConnections()) <= before && Date.now() < connectedBy) await sleep(500);
push.stdin.write(capture);
const end = Date.now() + 60_000;
while (!(existsSync(got) && statSync(got).size >= capture.length) && Date.now() < end) await sleep(250);
push.kill();
pull.kill();
const bytes = existsSync(got) ? readFileSync(got) : Buffer.alloc(0);
rmSync(dir, { recursive: true, force: true });
if (!bytes.subarray(0, capture.length).equals(capture)) {
  console.error(`compose-test: NTRIP: the rover got ${bytes.length} of the base's ${capture.length} bytes, not the same`);
  process.exit(1);
}
console.log(`compose-test: NTRIP on ${port}: base ${base.code} pushed ${capture.length} bytes of RTCM 3 with str2str, rover ${rover.code} pulled them byte for byte`);
