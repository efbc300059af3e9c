// The edge step of scripts/compose-test.sh: behind the proxy the gateways count each client by its own address (the
// PROXY protocol from nginx). From this host, a flood of idle anonymous connections to the proxy's NTRIP port, held
// and reopened as the caster closes them, until the caster answers this host's extra ones 503 (its connections per
// address); meanwhile, from another address (a container on the deployment's network), a rover is admitted through
// the same proxy and a base pushes to it, and the rover gets the base's bytes.
//   env: NTRIP_PORT (the proxy's published 2101), STATE_FILE (the devices drive.mjs made), CAPTURE (an RTCM 3 file),
//        NETWORK (the deployment's Docker network), IMAGE (the product's image, which has node)
import { execFile } from 'node:child_process';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const { base, rover } = JSON.parse(readFileSync(env('STATE_FILE'), 'utf8'));
const port = Number(env('NTRIP_PORT'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (text) => {
  console.error(`compose-test: FAILED: ${text}`);
  process.exit(1);
};

// more than the caster's 200 connections per address
const FLOOD = 230;
let flooding = true;
let refused = 0;
function floodOne() {
  if (!flooding) return;
  const socket = net.connect(port, '127.0.0.1');
  let head = '';
  socket.on('data', (d) => {
    head += d.toString('latin1');
    if (head.startsWith('HTTP/1.1 503')) refused++;
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    // the caster closes an idle connection after its head timeout, and an extra one at once: open another
    setTimeout(floodOne, head.startsWith('HTTP/1.1 503') ? 500 : 50);
  });
}
for (let i = 0; i < FLOOD; i++) floodOne();
const until = Date.now() + 30_000;
while (refused < 5 && Date.now() < until) await sleep(100);
if (refused < 5) fail(`the flood from this host got ${refused} answers 503: the caster does not count this host's connections by its address`);
const refusedBefore = refused;

// the rover and the base from another address, while the flood goes on
const script = resolve('scripts/compose-test/edge-inside.mjs');
let out;
try {
  out = await run('docker', [
    'run', '--rm', '--network', env('NETWORK'),
    '-v', `${script}:/edge-inside.mjs:ro`, '-v', `${resolve(env('CAPTURE'))}:/capture.rtcm3:ro`,
    '-e', `ROVER=${rover.code}`, '-e', `ROVER_SECRET=${rover.secret}`, '-e', `BASE=${base.code}`, '-e', `BASE_SECRET=${base.secret}`,
    env('IMAGE'), 'node', '/edge-inside.mjs',
  ], { timeout: 120_000 });
} catch (err) {
  flooding = false;
  fail(`the rover and base behind the flood: ${(err.stderr || err.stdout || err.message).trim()}`);
}
const during = refused - refusedBefore;
flooding = false;
if (during < 1) fail('the flood was not refused while the rover was admitted: it did not hold the host at its limit');
console.log(`compose-test: ${FLOOD} idle anonymous connections from this host through the proxy: the caster refused ${refused} of them (503, its limit per address, counted for this host's own address); meanwhile from another address ${out.stdout.trim()}`);
process.exit(0);
