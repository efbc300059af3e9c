import { fileURLToPath } from 'node:url';
import { parseCsv, parseDxf, parseGeoJson, parseLandXml, type ImportResult } from '@smi/design';
import { DESIGN_POINTS, dxf, geoJsonGrid, landXml, pnezdCsv } from './lib/design-files.js';
import type { BenchResult, Figure } from './lib/report.js';

/**
 * Parsing 100,000 design points, in CPU milliseconds (one thread; wall time on a shared host doubles at random),
 * the median of alternating runs against a plain baseline on the same text: splitting it into lines and fields and
 * reading the numbers, which every CSV reader must at least do. The whole import (parse + insert) must stay under
 * 10 s: the parse is held to a tenth of that.
 */
const RUNS = 5;
const PARSE_TARGET_MS = 1000;
/** reading a row (fields checked, a point made, its name kept once) within 5x of merely splitting it */
const PARSE_RATIO = 5;

function cpuMs(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function baseline(text: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const f = line.split(',');
    sum += Number(f[1]) + Number(f[2]) + Number(f[3]);
  }
  return sum;
}

function check(r: ImportResult, what: string): void {
  if (r.errors.length > 0 || r.points.length !== DESIGN_POINTS) throw new Error(`${what}: ${r.points.length} points, ${JSON.stringify(r.errors.slice(0, 3))}`);
}

function measure(name: string, text: string, parse: () => ImportResult, base: string): { figure: Figure; note: string } {
  check(parse(), name);
  const parsed: number[] = [];
  const split: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    split.push(cpuMs(() => baseline(base)));
    parsed.push(cpuMs(parse));
  }
  const figure: Figure = { name: `parse 100k points, ${name} (CPU)`, value: median(parsed), unit: 'ms', baseline: { name: 'split the CSV lines and fields (CPU)', value: median(split) } };
  return { figure, note: `${name}: ${(text.length / 2 ** 20).toFixed(1)} MiB, runs ${parsed.map((m) => m.toFixed(0)).join('/')} ms` };
}

export async function run(): Promise<BenchResult> {
  const csv = pnezdCsv();
  const files = { landxml: landXml(), dxf: dxf(), geojson: geoJsonGrid(32631) };
  const results = [
    measure('CSV PNEZD', csv, () => parseCsv(csv, { columns: 'PNEZD' }), csv),
    measure('LandXML CgPoints', files.landxml, () => parseLandXml(files.landxml), csv),
    measure('DXF POINT + TEXT names', files.dxf, () => parseDxf(files.dxf), csv),
    measure('GeoJSON in the grid', files.geojson, () => parseGeoJson(files.geojson, { projectEpsg: 32631 }), csv),
  ];
  const [first, ...rest] = results;
  const figures: Figure[] = [
    { ...first!.figure, target: { value: PARSE_TARGET_MS, kind: 'max' }, ratioTarget: { value: PARSE_RATIO, kind: 'max' } },
    ...rest.map((r) => r.figure),
  ];
  return { name: 'design-import', figures, notes: results.map((r) => r.note) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table } = await import('./lib/report.js');
  const result = await run();
  console.log(table([result]));
  console.log(result.notes?.join('\n'));
}
