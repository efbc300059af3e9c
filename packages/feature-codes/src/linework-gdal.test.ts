import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { LineFeature } from './geometry.js';
import { buildLinework } from './linework.js';
import { LIST, shot } from './testing/fixtures.js';

const run = promisify(execFile);
const R = Math.SQRT1_2 * 10; // 10 cos 45°

/** The smallest DXF CAD reads: LWPOLYLINEs with their layer, closed flag and a bulge (group 42) per vertex. */
function dxf(lines: LineFeature[]): string {
  const out = ['0', 'SECTION', '2', 'ENTITIES'];
  for (const l of lines) {
    out.push('0', 'LWPOLYLINE', '8', l.layer, '90', String(l.vertices.length), '70', l.closed ? '1' : '0');
    for (const v of l.vertices) out.push('10', String(v.e), '20', String(v.n), '42', String(v.bulge));
  }
  out.push('0', 'ENDSEC', '0', 'EOF');
  return `${out.join('\n')}\n`;
}

/** GDAL's reading: each feature's layer and vertices; arcs come back as many short segments, 1° apart here. */
async function ogr(text: string): Promise<{ layer: string; xy: [number, number][] }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'smi-linework-'));
  try {
    writeFileSync(join(dir, 'lines.dxf'), text);
    const { stdout } = await run('ogrinfo', ['--config', 'OGR_ARC_STEPSIZE', '1', '-ro', '-al', '-q', join(dir, 'lines.dxf')]);
    return stdout
      .split(/^\s*OGRFeature\(/m)
      .slice(1)
      .map((block) => ({
        layer: /Layer \(String\) = (.*)$/m.exec(block)![1]!.trim(),
        xy: /LINESTRING \((.*)\)/.exec(block)![1]!.split(',').map((p) => p.trim().split(' ').map(Number) as [number, number]),
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const near = (xy: [number, number][], e: number, n: number) => Math.min(...xy.map(([x, y]) => Math.hypot(x - e, y - n)));

describe('linework as CAD reads it (GDAL ogrinfo)', () => {
  it('draws the arcs through the measured points and the hand-computed midpoints, to 1 mm', async () => {
    const shots = [
      // a kerb turning counter-clockwise about (1000, 2000), radius 10, from east to west, then straight south
      shot('k1', 'KB PC', 1010, 2000),
      shot('k2', 'KB', 1000, 2010),
      shot('k3', 'KB PT', 990, 2000),
      shot('k4', 'KB', 990, 1990),
      // an edge turning clockwise about (1100, 2000), from north to south by the east
      shot('e1', 'EP PC', 1100, 2010),
      shot('e2', 'EP', 1110, 2000),
      shot('e3', 'EP PT', 1100, 1990),
      // a building closed by its polygon code
      shot('b1', 'BLD', 0, 0),
      shot('b2', 'BLD', 12, 0),
      shot('b3', 'BLD', 12, 8),
      shot('b4', 'BLD', 0, 8),
    ];
    const { lines, problems } = buildLinework(shots, LIST);
    expect(problems).toEqual([]);
    const [kerb, edge, building] = await ogr(dxf(lines));
    expect([kerb!.layer, edge!.layer, building!.layer]).toEqual(['ROAD-KERB', 'ROAD-EDGE', 'BUILDING']);

    // two quarter arcs of 90 one-degree pieces each, then the straight leg
    expect(kerb!.xy.length).toBeGreaterThan(180);
    const arc = kerb!.xy.slice(0, -1);
    for (const [x, y] of arc) expect(Math.abs(Math.hypot(x - 1000, y - 2000) - 10)).toBeLessThan(0.001);
    expect(near(arc, 1000 + R, 2000 + R)).toBeLessThan(0.001); // midpoint of k1-k2 (45°)
    expect(near(arc, 1000 - R, 2000 + R)).toBeLessThan(0.001); // midpoint of k2-k3 (135°)
    expect(near(kerb!.xy, 1000, 2010)).toBeLessThan(0.001);
    expect(kerb!.xy.at(-1)).toEqual([990, 1990]);

    // clockwise: the arc bulges east, through (1100 + 7.07, 2000 + 7.07), never west of its chord
    expect(near(edge!.xy, 1100 + R, 2000 + R)).toBeLessThan(0.001);
    expect(near(edge!.xy, 1100 + R, 2000 - R)).toBeLessThan(0.001);
    expect(Math.min(...edge!.xy.map(([x]) => x))).toBeGreaterThanOrEqual(1100 - 1e-9);

    // closed: GDAL repeats the first vertex
    expect(building!.xy).toEqual([
      [0, 0],
      [12, 0],
      [12, 8],
      [0, 8],
      [0, 0],
    ]);
  });
});
