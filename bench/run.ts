import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { table, writeResult, type BenchResult } from './lib/report.js';

/**
 * npm run bench [-- name ...]: runs every bench/*.bench.ts (or the named ones) one after the other, writes
 * bench/results/<name>.json for each and prints one table. Benchmarks are never part of the test suite.
 */
const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

const results: BenchResult[] = [];
for (const file of files) {
  process.stderr.write(`running ${file} ...\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run: () => Promise<BenchResult> };
  const result = await mod.run();
  writeResult(result);
  results.push(result);
}
console.log(table(results));
process.exit(0);
