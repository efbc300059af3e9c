import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS } from '../apps/api/build-server.js';
import type { BenchResult, Figure } from './lib/report.js';

const here = dirname(fileURLToPath(import.meta.url));
const POINTS = 100_000;
const FORMATS = ['csv', 'txt', 'geojson', 'kml', 'dxf', 'pdf'] as const;
/** Seconds to last byte for 100,000 points (the product's targets); formats without one are still measured. */
const TIME_TARGET_S: Partial<Record<(typeof FORMATS)[number], number>> = { csv: 1.5, dxf: 3, pdf: 20 };
const RSS_TARGET_MB = 250;

interface WorkerResult {
  format: string;
  status: number;
  points: number;
  ms: number;
  cpuMs: number;
  bytes: number;
  readMs: number;
  peakGrowthMb: number;
  peakExact: boolean;
  db: string;
}

function measure(format: string): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    // under the api's own node options (its young generation decides how much garbage a peak holds)
    const child = spawn(process.execPath, [...API_NODE_OPTIONS, '--expose-gc', '--import', 'tsx', join(here, 'lib', 'export-worker.ts'), format, String(POINTS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as WorkerResult);
      } catch {
        reject(new Error(`export worker for ${format} exited ${code}: ${out}`));
      }
    });
  });
}

/**
 * Exports of a 100,000-point project in every format, each in a fresh process (with the api's node options) on
 * the database the tests use (PGlite, or PostgreSQL when DATABASE_URL is set): seconds to last byte against the
 * time to merely read the points (same run), and peak RSS growth during the export.
 */
export async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const format of FORMATS) {
    const r = await measure(format);
    if (r.status !== 200 || r.points !== POINTS) throw new Error(`${format}: status ${r.status}, ${r.points} points`);
    const target = TIME_TARGET_S[format];
    figures.push({
      name: `${format} 100k points`,
      value: r.ms / 1000,
      unit: 's',
      baseline: { name: 'read 100k points', value: r.readMs / 1000 },
      ...(target ? { target: { value: target, kind: 'max' as const } } : {}),
    });
    figures.push({ name: `${format} peak RSS growth`, value: r.peakGrowthMb, unit: 'MB', target: { value: RSS_TARGET_MB, kind: 'max' } });
    notes.push(`${format}: ${(r.bytes / 2 ** 20).toFixed(1)} MiB, CPU ${(r.cpuMs / 1000).toFixed(2)} s, db ${r.db}, peak RSS ${r.peakExact ? 'from VmHWM' : 'sampled'}`);
    if (format === 'csv') {
      // the same csv with grid coordinates (SIRGAS 2000 / UTM 23S) and EGM96 heights, within 2x of WGS 84;
      // CPU seconds of the export process, not wall time: on a shared machine the wall time of two runs differs 2x
      const g = await measure('csv-grid');
      if (g.status !== 200 || g.points !== POINTS) throw new Error(`csv-grid: status ${g.status}, ${g.points} points`);
      figures.push({
        name: 'csv 100k points in a grid with a geoid (CPU)',
        value: g.cpuMs / 1000,
        unit: 's',
        baseline: { name: 'csv WGS 84 (CPU)', value: r.cpuMs / 1000 },
        ratioTarget: { value: 2, kind: 'max' },
      });
      notes.push(`csv-grid: ${(g.bytes / 2 ** 20).toFixed(1)} MiB, ${(g.ms / 1000).toFixed(2)} s to last byte against ${(r.ms / 1000).toFixed(2)} s`);
    }
  }
  return { name: 'exports', figures, notes };
}

// run on its own: node --import tsx bench/exports.bench.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table } = await import('./lib/report.js');
  console.log(table([await run()]));
}
