import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** One measured figure: its value, the baseline measured in the same run, and the target it is held to. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** 'max': value must stay at or under target; 'min': at or over. */
  target?: { value: number; kind: 'max' | 'min' };
  /** for ratio targets: ratio to the baseline must stay at or under (max) / over (min) this */
  ratioTarget?: { value: number; kind: 'max' | 'min' };
}

export interface BenchResult {
  name: string;
  figures: Figure[];
  notes?: string[];
}

export const ratio = (f: Figure) => (f.baseline && f.baseline.value !== 0 ? f.value / f.baseline.value : undefined);

export function meets(f: Figure): boolean {
  const r = ratio(f);
  const okTarget = !f.target || (f.target.kind === 'max' ? f.value <= f.target.value : f.value >= f.target.value);
  const okRatio = !f.ratioTarget || r === undefined || (f.ratioTarget.kind === 'max' ? r <= f.ratioTarget.value : r >= f.ratioTarget.value);
  return okTarget && okRatio;
}

/** Writes bench/results/<name>.json with the machine, the date and the figures. */
export function writeResult(result: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.name}.json`);
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  const figures = result.figures.map((f) => ({ ...f, ratio: ratio(f), meets: meets(f) }));
  writeFileSync(file, JSON.stringify({ name: result.name, date: new Date().toISOString(), machine, figures, notes: result.notes ?? [] }, null, 2));
  return file;
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** A Markdown table of every figure: what the README's Performance section shows. */
export function table(results: BenchResult[]): string {
  const rows = ['| benchmark | figure | value | baseline | ratio | target | met |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const r of results) {
    for (const f of r.figures) {
      const rt = ratio(f);
      const target = [
        f.target ? `${f.target.kind === 'max' ? '<=' : '>='} ${f.target.value} ${f.unit}` : '',
        f.ratioTarget ? `${f.ratioTarget.kind === 'max' ? '<=' : '>='} ${f.ratioTarget.value}x` : '',
      ]
        .filter(Boolean)
        .join(', ');
      rows.push(
        `| ${r.name} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.baseline ? `${fmt(f.baseline.value)} (${f.baseline.name})` : ''} | ${
          rt === undefined ? '' : `${rt.toFixed(2)}x`
        } | ${target} | ${f.target || f.ratioTarget ? (meets(f) ? 'yes' : '**no**') : ''} |`,
      );
    }
  }
  return rows.join('\n');
}
