import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS } from '../apps/api/build-server.js';
import type { BenchResult } from './lib/report.js';

const here = dirname(fileURLToPath(import.meta.url));
const POINTS = 10_000;
/** The survey report of 10,000 points in a few seconds. */
const TARGET_S = 5;

function measure(format: string): Promise<{ status: number; points: number; ms: number; bytes: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...API_NODE_OPTIONS, '--expose-gc', '--import', 'tsx', join(here, 'lib', 'export-worker.ts'), format, String(POINTS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch {
        reject(new Error(`export worker for ${format} exited ${code}: ${out}`));
      }
    });
  });
}

/** The survey report PDF of a 10,000-point project against the points PDF export of the same project (same run). */
export async function run(): Promise<BenchResult> {
  const report = await measure('report');
  const pdf = await measure('pdf');
  if (report.status !== 200 || pdf.status !== 200) throw new Error(`report ${report.status}, pdf ${pdf.status}`);
  return {
    name: 'report',
    figures: [
      {
        name: 'survey report 10k points',
        value: report.ms / 1000,
        unit: 's',
        baseline: { name: 'pdf export 10k points', value: pdf.ms / 1000 },
        target: { value: TARGET_S, kind: 'max' },
      },
    ],
    notes: [`report ${(report.bytes / 2 ** 20).toFixed(1)} MiB, CPU ${(report.cpuMs / 1000).toFixed(2)} s; pdf ${(pdf.bytes / 2 ** 20).toFixed(1)} MiB`],
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table } = await import('./lib/report.js');
  console.log(table([await run()]));
}
