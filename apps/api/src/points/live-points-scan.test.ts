import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { livePoints } from '@smi/db';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** where the fragment is defined: the one place allowed to name the table bare */
const FRAGMENT = 'packages/db/src/live-points.ts';
/** the queries allowed to reach deleted points too, each marked `points /* with tombstones *\/` (decision 072) */
const REACHING_TOMBSTONES = new Set(['apps/api/src/points/repository.ts', 'apps/api/src/base-setups/recompute.ts']);

/** A `FROM points` or `JOIN points` that neither goes through livePoints() nor says it reaches tombstones. */
const BARE = /\b(?:FROM|JOIN)\s+points\b(?!\s*\/\*\s*with tombstones\s*\*\/)/g;
const MARKED = /\b(?:FROM|JOIN)\s+points\s*\/\*\s*with tombstones\s*\*\//g;

function sources(): string[] {
  const out: string[] = [];
  for (const top of ['apps', 'packages']) {
    for (const pkg of readdirSync(join(ROOT, top), { withFileTypes: true })) {
      if (!pkg.isDirectory()) continue;
      const src = join(ROOT, top, pkg.name, 'src');
      let entries;
      try {
        entries = readdirSync(src, { recursive: true, withFileTypes: true });
      } catch {
        continue;
      }
      for (const f of entries) {
        if (!f.isFile() || !/\.(ts|tsx|mts)$/.test(f.name) || /\.test\.tsx?$/.test(f.name)) continue;
        const path = join(f.parentPath, f.name);
        if (!path.includes('node_modules')) out.push(relative(ROOT, path));
      }
    }
  }
  return out;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('every read of points leaves deleted points out through one fragment', () => {
  it('finds a bare FROM points or JOIN points, and passes the fragment and the marked ones', () => {
    const bare = (sql: string) => [...sql.matchAll(BARE)].length;
    expect(bare('SELECT id FROM points WHERE project_id = $1')).toBe(1);
    expect(bare('SELECT 1 FROM projects p JOIN points pt ON pt.project_id = p.id')).toBe(1);
    expect(bare('SELECT 1 FROM\n       points p WHERE true')).toBe(1);
    // what the scan reads is the source: the fragment's call, not its text
    expect(bare("`SELECT id FROM ${livePoints('p')} WHERE p.project_id = $1`")).toBe(0);
    expect(bare('DELETE FROM points /* with tombstones */ WHERE deleted_at < $1')).toBe(0);
    expect(bare('SELECT 1 FROM point_photos WHERE true')).toBe(0);
    expect(livePoints('pt')).toBe('(SELECT * FROM points WHERE deleted_at IS NULL) AS pt');
    expect(() => livePoints('p; DROP TABLE points')).toThrow();
  });

  it('finds none in the product sources, and tombstones reached only where they must be', () => {
    const files = sources();
    expect(files).toContain('apps/api/src/points/repository.ts');
    expect(files).toContain('packages/base-setups/src/repository.ts');
    const found: string[] = [];
    const marked: string[] = [];
    let users = 0;
    for (const file of files) {
      if (file === FRAGMENT) continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(BARE)) found.push(`${file}:${lineOf(text, m.index)}`);
      for (const m of text.matchAll(MARKED)) if (!REACHING_TOMBSTONES.has(file)) marked.push(`${file}:${lineOf(text, m.index)}`);
      if (text.includes('livePoints(')) users++;
    }
    expect(found, 'use livePoints() from @smi/db').toEqual([]);
    expect(marked, 'only the tombstones themselves and the base re-computation reach deleted points').toEqual([]);
    // the lists, exports, report, linework, crs, occupations, base setups, photos, stake, authorization, fixtures
    expect(users).toBeGreaterThanOrEqual(14);
  });
});
