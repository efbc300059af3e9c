/**
 * One export of a 100,000-point project, measured in a process of its own (so one format's garbage never counts
 * against the next): node --expose-gc --import tsx bench/lib/export-worker.ts <format> [points]
 * Prints one JSON line: the export's time to last byte, its size, the peak RSS growth while it ran, and the
 * time to merely read the same points through the exports repository (the same-run baseline).
 * Format `csv-grid`: the csv of a project in SIRGAS 2000 / UTM 23S with EGM96 heights.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { exportsRepository } from '../../apps/api/src/exports/repository.js';
import { seedManyPoints, seedProject } from '../../apps/api/src/exports/test-seed.js';
import { startHarness } from '../../apps/api/src/testing/harness.js';
import { nowMs } from './stats.js';

const format = process.argv[2] ?? 'csv';
const count = Number(process.argv[3] ?? 100_000);

/** Linux keeps the process's peak RSS (VmHWM); writing 5 to clear_refs resets it, so a peak is this step's own. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const statusKb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);

const h = await startHarness();
try {
  const user = await h.verifiedUser('Bench');
  const projectId = await seedProject(h.db, user.userId, { name: 'Bench 100k', sections: ['S0', 'S1', 'S2', 'S3', 'S4'], baseCode: 'BENCH-BASE' });
  await seedManyPoints(h.db, projectId, count, ['S0', 'S1', 'S2', 'S3', 'S4']);
  const login = await fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  if (format === 'csv-grid') {
    await h.db.query('UPDATE points SET ellipsoidal_height = altitude + 5 WHERE project_id = $1', [projectId]);
    const put = await fetch(`${h.url}/api/projects/crs/${projectId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', cookie, Origin: h.url },
      body: JSON.stringify({ crsCode: 31983, vertical: 'geoid', geoidModel: 'EGM96' }),
    });
    if (put.status !== 200) throw new Error(`PUT crs: ${put.status} ${await put.text()}`);
  }

  // baseline: reading the same points, page by page, with nothing written
  const readStart = nowMs();
  const readCpu = process.cpuUsage();
  let read = 0;
  for await (const page of exportsRepository(h.db).pages(projectId)) read += page.length;
  const readMs = nowMs() - readStart;
  const readCpuUsage = process.cpuUsage(readCpu);
  const readCpuMs = (readCpuUsage.user + readCpuUsage.system) / 1000;

  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  const exact = resetPeak();
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 5);
  const start = nowMs();
  const cpuStart = process.cpuUsage();
  const res = await fetch(`${h.url}/api/export/${format === 'csv-grid' ? 'csv' : format}/${projectId}`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const ms = nowMs() - start;
  // CPU time of this process (server, PGlite and client together): what the export costs, whatever the machine's load
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(timer);
  const peak = exact ? statusKb('VmHWM') * 1024 : Math.max(sampled, process.memoryUsage.rss());
  console.log(
    JSON.stringify({ format, status: res.status, points: read, ms, cpuMs, bytes, readMs, readCpuMs, peakGrowthMb: (peak - before) / 2 ** 20, peakExact: exact, db: h.db.kind }),
  );
} finally {
  await h.close();
}
process.exit(0);
