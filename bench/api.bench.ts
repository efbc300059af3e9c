import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS } from '../apps/api/build-server.js';
import { load, type LoadResult } from './lib/load.js';
import { paced, pooled, type PacedResult } from './lib/paced.js';
import { recordPoints, seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

const here = dirname(fileURLToPath(import.meta.url));
const RECORD_BASELINE = 'bare route, same INSERT, same database';
const RECORD_ROUNDS = 4;
const RECORD_SECONDS = 15;

/** Starts the bare Express baseline in its own process, serving `body` from memory. */
async function startBare(body: string) {
  const dir = mkdtempSync(join(tmpdir(), 'smi-bare-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'lib', 'bare-express.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((ok) => child.stdout!.on('data', (d: Buffer) => ok(Number(d.toString().match(/port (\d+)/)![1]))));
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The record-point baseline (lib/bare-record.ts) in its own process under the api's node options, on the product's
 * database folder (the product is stopped meanwhile), recording to the owner's projects.
 */
async function startBareRecord(dbDir: string, ownerId: string) {
  const child = spawn(process.execPath, [...API_NODE_OPTIONS, '--import', 'tsx', join(here, 'lib', 'bare-record.ts'), dbDir, ownerId], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((ok, fail) => {
    child.stdout!.on('data', (d: Buffer) => ok(Number(d.toString().match(/port (\d+)/)![1])));
    child.once('exit', (code) => fail(new Error(`the record baseline exited with ${code}`)));
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * API: list-points of a 10,000-point project and record-point, through the whole product (session check,
 * validation, database). Listing is compared with a bare Express route returning the same JSON from memory;
 * recording with a bare Express route doing the same INSERT (the product's pointsRepository.record) in the same
 * database (the product's data folder, opened as the product opens it, while the product is stopped). Target:
 * record p99 at most 1.5x that baseline.
 */
export async function run(): Promise<BenchResult> {
  const product = await startProduct({ EMBEDDED_GATEWAY: 'off' });
  try {
    const s = await seedSurveyor(product, 'api');
    await recordPoints(product.url, s.cookie, s.projectId, 10_000);
    const listUrl = `${product.url}/api/points/${s.projectId}`;
    const listBody = await (await fetch(listUrl, { headers: { cookie: s.cookie } })).text();
    const bare = await startBare(listBody);
    try {
      const headers = { cookie: s.cookie };
      // every fixed-rate figure after 3 s at the same rate, discarded (JIT, first writes), as the live benchmarks do
      const measured = async (o: Parameters<typeof paced>[0]) => (await paced({ ...o, seconds: 3 }), paced(o));
      const listFixed = await measured({ url: listUrl, headers, seconds: 10, connections: 4, rate: 20 });
      const bareFixed = await measured({ url: `${bare.url}/list`, seconds: 10, connections: 4, rate: 20 });
      const listMax = await load({ url: listUrl, headers, seconds: 10, connections: 8 });
      const bareMax = await load({ url: `${bare.url}/list`, seconds: 10, connections: 8 });
      const point = JSON.stringify({ ProjectId: s.projectId, Name: 'B-[<id>]', Latitude: 6.6, Longitude: 79.9, Accuracy: 'High', Section: 'bench' });
      const post = { method: 'POST' as const, headers: { ...headers, 'content-type': 'application/json' }, body: point };
      // record: the baseline and the product take turns (they share the database folder, so one runs while the
      // other is stopped), RECORD_ROUNDS times each, each side freshly started for its turn and warmed up first; p99
      // over all of a side's requests (12,000 at 200 req/s), so a few slow ones on a busy host do not decide it
      // (docs/decisions/030)
      const recordTurns: PacedResult[] = [];
      const bareTurns: PacedResult[] = [];
      let bareBurst: LoadResult | undefined;
      for (let round = 0; round < RECORD_ROUNDS; round++) {
        await product.whileStopped(async (dbDir) => {
          const insert = await startBareRecord(dbDir, s.userId);
          try {
            const postBare = { ...post, headers: { 'content-type': 'application/json' } };
            bareTurns.push(await measured({ url: `${insert.url}/record`, ...postBare, seconds: RECORD_SECONDS, connections: 10, rate: 200 }));
            if (round === RECORD_ROUNDS - 1) bareBurst = await load({ url: `${insert.url}/record`, ...postBare, seconds: 10, connections: 10, rate: 200 });
          } finally {
            await insert.stop();
          }
        });
        recordTurns.push(await measured({ url: `${product.url}/api/points`, ...post, seconds: RECORD_SECONDS, connections: 10, rate: 200 }));
      }
      const record = pooled(recordTurns);
      const bareRecord = pooled(bareTurns);
      // autocannon's rate option: each second's 200 requests in one burst (docs/decisions/014), for comparison
      const recordBurst = await load({ url: `${product.url}/api/points`, ...post, seconds: 10, connections: 10, rate: 200 });
      const bareExpressRecord = await measured({ url: `${bare.url}/record`, ...post, seconds: 10, connections: 10, rate: 200 });
      const failed = [listFixed, listMax, record, recordBurst, bareRecord, bareBurst!].reduce((n, r) => n + r.errors + r.non2xx, 0);
      return {
        name: 'api',
        figures: [
          { name: 'list 10k points p50 @20 req/s', value: listFixed.p50, unit: 'ms', baseline: { name: 'bare express', value: bareFixed.p50 } },
          { name: 'list 10k points p99 @20 req/s', value: listFixed.p99, unit: 'ms', baseline: { name: 'bare express', value: bareFixed.p99 }, target: { value: 30, kind: 'max' } },
          { name: 'list 10k points throughput', value: listMax.rps, unit: 'req/s', baseline: { name: 'bare express', value: bareMax.rps }, ratioTarget: { value: 0.3, kind: 'min' } },
          { name: 'record point p50 @200 req/s', value: record.p50, unit: 'ms', baseline: { name: RECORD_BASELINE, value: bareRecord.p50 } },
          {
            name: 'record point p99 @200 req/s',
            value: record.p99,
            unit: 'ms',
            baseline: { name: RECORD_BASELINE, value: bareRecord.p99 },
            target: { value: 15, kind: 'max' },
            ratioTarget: { value: 1.5, kind: 'max' },
          },
          { name: 'failed requests', value: failed, unit: '', target: { value: 0, kind: 'max' } },
        ],
        notes: [
          `list body ${(listBody.length / 1024).toFixed(0)} KiB; fixed rates evenly paced (lib/paced.ts), throughput with autocannon`,
          `record: ${record.requests} requests paced in ${RECORD_ROUNDS} turns of ${RECORD_SECONDS} s per side; p99 per turn ${recordTurns.map((r) => r.p99.toFixed(1)).join(' / ')} ms (${RECORD_BASELINE} ${bareTurns.map((r) => r.p99.toFixed(1)).join(' / ')} ms)`,
          `record with autocannon's per-second bursts of 200: p50 ${recordBurst.p50} / p99 ${recordBurst.p99} ms (${RECORD_BASELINE} ${bareBurst!.p50} / ${bareBurst!.p99} ms)`,
          `record against a bare Express route touching no database: p50 ${bareExpressRecord.p50} / p99 ${bareExpressRecord.p99} ms`,
        ],
      };
    } finally {
      bare.stop();
    }
  } finally {
    await product.stop();
  }
}
