import { fileURLToPath } from 'node:url';
import { buildLinework, DEFAULT_CODE_LIST, type Shot } from '../packages/feature-codes/src/index.js';
import { codedSurvey } from './lib/coded-shots.js';
import type { BenchResult } from './lib/report.js';
import { nowMs, percentile } from './lib/stats.js';

const POINTS = 10_000;
const RUNS = 100;
const WARM_UP = 10;
/** Linework of a 10,000-point project rebuilt after a recode "in under 1 s". */
const TARGET_MS = 1000;

/** What any rebuild must at least do: copy every point and put them in order. */
function copyAndSort(shots: readonly Shot[]): Shot[] {
  return shots.map((s) => ({ ...s })).sort((a, b) => a.e - b.e || a.n - b.n);
}

/**
 * The linework of a 10,000-point coded survey, rebuilt from scratch after each recode (one shot changes code between
 * runs), against copying and sorting the same points, alternated in one process after a warm-up: the median CPU
 * time of each and the p90 of the wall time.
 */
export async function run(): Promise<BenchResult> {
  const shots = codedSurvey(POINTS);
  const recode = shots.findIndex((s) => s.code === 'EP2');
  const linework: number[] = [];
  const baseline: number[] = [];
  const lineworkCpu: number[] = [];
  const baselineCpu: number[] = [];
  let lines = 0;
  const first = nowMs();
  buildLinework(shots, DEFAULT_CODE_LIST);
  const coldMs = nowMs() - first;
  for (let i = 0; i < WARM_UP; i++) {
    buildLinework(shots, DEFAULT_CODE_LIST);
    copyAndSort(shots);
  }
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (let i = 0; i < RUNS; i++) {
    shots[recode] = { ...shots[recode]!, code: i % 2 ? 'EP2' : 'KB2' };
    let [t, c] = [nowMs(), cpuMs()];
    const built = buildLinework(shots, DEFAULT_CODE_LIST);
    [linework[i], lineworkCpu[i]] = [nowMs() - t, cpuMs() - c];
    lines = built.lines.length;
    if (built.problems.length) throw new Error(`unexpected problems: ${built.problems[0]!.message}`);
    [t, c] = [nowMs(), cpuMs()];
    copyAndSort(shots);
    [baseline[i], baselineCpu[i]] = [nowMs() - t, cpuMs() - c];
  }
  return {
    name: 'linework',
    figures: [
      {
        // CPU time: on a shared machine the wall time of one run waits for other processes
        name: 'linework 10k points rebuilt after a recode (median CPU)',
        value: percentile(lineworkCpu, 50),
        unit: 'ms',
        baseline: { name: 'copy and sort 10k points (median CPU)', value: percentile(baselineCpu, 50) },
        ratioTarget: { value: 10, kind: 'max' },
      },
      {
        name: 'linework 10k points rebuilt after a recode (p90 wall)',
        value: percentile(linework, 90),
        unit: 'ms',
        baseline: { name: 'copy and sort (p90 wall)', value: percentile(baseline, 90) },
        target: { value: TARGET_MS, kind: 'max' },
      },
    ],
    notes: [`${lines} lines and polygons; first build in the process (unoptimised code) ${coldMs.toFixed(1)} ms; ${RUNS} rebuilds`],
  };
}

// run on its own: node --import tsx bench/linework.bench.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table } = await import('./lib/report.js');
  console.log(table([await run()]));
}
