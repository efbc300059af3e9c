import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import DxfParser from 'dxf-parser';
import proj4 from 'proj4';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { seedManyPoints, seedPoints, seedProject, type SeedPoint } from './test-seed.js';

// Colombo: UTM zone 44 north
const POINTS: SeedPoint[] = [
  { name: 'BM-1', latitude: 6.915001, longitude: 79.861234, section: 'Benchmarks' },
  { name: 'Kerb 1', latitude: 6.915103, longitude: 79.861301, section: 'Road; east/west "kerb"' },
  { name: 'Kerb 2', latitude: 6.915187, longitude: 79.861399, section: 'Road; east/west "kerb"' },
  { name: 'Ściana ✓ 50%% done', latitude: 6.91522, longitude: 79.86145, section: 'benchmarks' },
  { name: 'line\r\nbreak', latitude: 6.91531, longitude: 79.86151 },
];
const utm44n = proj4('WGS84', '+proj=utm +zone=44 +datum=WGS84 +units=m +no_defs');

interface DxfEntity {
  type: string;
  layer: string;
  position?: { x: number; y: number };
  startPoint?: { x: number; y: number };
  text?: string;
}

async function dxfOf(agent: Parameters<typeof download>[0], projectId: string) {
  const res = await download(agent, 'dxf', projectId);
  expect(res.status).toBe(200);
  const parsed = new DxfParser().parseSync(res.body.toString('utf8'));
  if (!parsed) throw new Error('dxf-parser returned nothing');
  return { res, dxf: parsed as unknown as { header: Record<string, unknown>; entities: DxfEntity[]; tables: { layer: { layers: Record<string, unknown> } } } };
}

describe('DXF export, read back with dxf-parser', () => {
  let h: Harness;
  let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
  let projectId: string;
  beforeAll(async () => {
    h = await startHarness();
    surveyor = await h.verifiedUser();
    projectId = await seedProject(h.db, surveyor.userId, {
      name: 'Colombo road',
      sections: ['default', 'Benchmarks', 'Road; east/west "kerb"', 'benchmarks', 'Unused'],
    });
    await seedPoints(h.db, projectId, POINTS);
  });
  afterAll(() => h.close());

  it('puts a POINT and a TEXT label per point on its section layer, in UTM metres that match proj4 to the mm', async () => {
    const { res, dxf } = await dxfOf(surveyor.agent, projectId);
    expect(res.headers['content-type']).toBe('image/vnd.dxf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Colombo road-points.dxf"');
    expect(dxf.header.$INSUNITS).toBe(6); // metres

    // one layer per section, names made legal for AutoCAD and unique regardless of case
    expect(Object.keys(dxf.tables.layer.layers).sort()).toEqual(
      ['0', 'default', 'Benchmarks', 'Road_ east_west _kerb_', 'benchmarks_2', 'Unused'].sort(),
    );
    const layerOf: Record<string, string> = {
      default: 'default',
      Benchmarks: 'Benchmarks',
      'Road; east/west "kerb"': 'Road_ east_west _kerb_',
      benchmarks: 'benchmarks_2',
    };

    const points = dxf.entities.filter((e) => e.type === 'POINT');
    const labels = dxf.entities.filter((e) => e.type === 'TEXT');
    expect(points).toHaveLength(POINTS.length);
    expect(labels).toHaveLength(POINTS.length);
    for (const [i, p] of POINTS.entries()) {
      const [e, n] = utm44n.forward([p.longitude, p.latitude]) as [number, number];
      const point = points[i]!;
      expect(Math.abs(point.position!.x - e)).toBeLessThan(0.001);
      expect(Math.abs(point.position!.y - n)).toBeLessThan(0.001);
      expect(point.layer).toBe(layerOf[p.section ?? 'default']);
      const label = labels[i]!;
      expect(label.layer).toBe(point.layer);
      // the label sits beside its point (within a metre here), not somewhere else in the drawing
      expect(Math.hypot(label.startPoint!.x - e, label.startPoint!.y - n)).toBeLessThan(1);
    }
    // one line per TEXT (a line break would split the DXF's tag structure); %% escaped to the literal %%%
    expect(labels.map((l) => l.text)).toEqual(['BM-1', 'Kerb 1', 'Kerb 2', 'Ściana ✓ 50%%%%%% done', 'line  break']);
  });

  it('gives every entity its own handle, below the handle seed', async () => {
    const { res } = await dxfOf(surveyor.agent, projectId);
    const lines = res.body.toString('utf8').split('\n');
    const handles: number[] = [];
    for (let i = 0; i + 1 < lines.length; i += 2) if (lines[i] === '5') handles.push(parseInt(lines[i + 1]!, 16));
    expect(new Set(handles).size).toBe(handles.length);
    const seed = parseInt(lines[lines.indexOf('$HANDSEED') + 2]!, 16);
    expect(Math.max(...handles.slice(1))).toBeLessThan(seed);
  });

  it('writes a drawing of thousands of points across many reads with nothing lost', async () => {
    const big = await seedProject(h.db, surveyor.userId, { name: 'Big', sections: ['A', 'B', 'C'] });
    await seedManyPoints(h.db, big, 4100, ['A', 'B', 'C']);
    const { dxf } = await dxfOf(surveyor.agent, big);
    const texts = dxf.entities.filter((e) => e.type === 'TEXT').map((e) => e.text);
    // each point's name, then its fix type and ± (seedManyPoints: RTK fixed, 0.012 m)
    expect(texts).toEqual(Array.from({ length: 4100 }, (_, i) => [`P${i + 1}`, 'RTK fixed %%p0.012 m']).flat());
    // seedManyPoints puts point g in section ['A', 'B', 'C'][g % 3]
    const layers = dxf.entities.filter((e) => e.type === 'POINT').map((e) => e.layer);
    expect(layers).toEqual(Array.from({ length: 4100 }, (_, i) => ['A', 'B', 'C'][(i + 1) % 3]));
  });

  it('exports a project without points as a valid drawing with its layers and no entities', async () => {
    const empty = await seedProject(h.db, surveyor.userId, { name: 'Empty', sections: ['default', 'Kerb'] });
    const { dxf } = await dxfOf(surveyor.agent, empty);
    expect(dxf.entities).toEqual([]);
    expect(Object.keys(dxf.tables.layer.layers).sort()).toEqual(['0', 'Kerb', 'default']);
  });
});
