import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../geometry/segments.js';
import { stationOffset } from '../geometry/station-offset.js';
import type { DesignLine } from '../types.js';
import { parseDxf } from './dxf.js';

/**
 * A drawing written by ezdxf (Debian's python3-ezdxf, a CAD library), read by us, and checked against what ezdxf
 * computes from the same entities (world coordinates of a mirrored entity, arcs from bulges) and against GDAL's
 * ogrinfo, which reads arcs as densified vertices: each of those must lie on our line.
 */
const dir = mkdtempSync(join(tmpdir(), 'design-dxf-'));
const file = join(dir, 'cad.dxf');
const ref = JSON.parse(execFileSync('/usr/bin/python3', [new URL('../../test/fixtures/write-cad-dxf.py', import.meta.url).pathname, file]).toString()) as {
  kerbArc: { ce: number; cn: number; r: number; start: number; end: number };
  mirroredWcs: [number, number, number][];
  mirroredCentre: [number, number];
  mirroredRadius: number;
};
const r = parseDxf(readFileSync(file));

/** ogrinfo's vertices of each linestring on a layer. */
function gdalLines(layer: string): [number, number, number][][] {
  const out = execFileSync('ogrinfo', ['-al', '-q', '-where', `Layer='${layer}'`, file]).toString();
  return [...out.matchAll(/LINESTRING Z \(([^)]*)\)/g)].map((m) => m[1]!.split(',').map((p) => p.trim().split(/\s+/).map(Number) as [number, number, number]));
}

const lineOn = (layer: string, i = 0): DesignLine => r.lines.filter((l) => l.layer === layer)[i]!;

describe('a DXF written by a CAD library (ezdxf)', () => {
  it('reads points named by TEXT, formatted MTEXT and a block attribute; an unnamed one is numbered', () => {
    expect(r.errors).toEqual([]);
    const byName = Object.fromEntries(r.points.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['CP9', 'P1', 'P2', 'P3']);
    expect(byName.P1).toMatchObject({ e: 500010, n: 4200010, h: 101.25, layer: 'DESIGN-PTS' });
    expect(byName.P2).toMatchObject({ e: 500020, n: 4200010, h: 101.5 });
    expect(byName.P3).toMatchObject({ e: 500030, n: 4200010, h: 101.75 });
    expect(byName.CP9).toMatchObject({ e: 500040, n: 4200010, h: 102, layer: 'CONTROL', code: 'IRON PIN' });
    expect(r.warnings.map((w) => w.message)).toEqual([
      '1 CIRCLE entity was skipped: not a design point or line',
      '1 point has no name in the drawing (no text near enough): named P3',
    ]);
  });

  it('reads the LWPOLYLINE with its elevation and a bulge giving the arc ezdxf computes', () => {
    const kerb = lineOn('KERB');
    expect(kerb.vertices.map((v) => [v.e, v.n, v.h])).toEqual([
      [500000, 4200000, 99.5], [500050, 4200000, 99.5], [500070, 4200020, 99.5], [500070, 4200060, 99.5],
    ]);
    const arc = segmentsOf(kerb)[1]!.arc!;
    expect(arc.ce).toBeCloseTo(ref.kerbArc.ce, 6);
    expect(arc.cn).toBeCloseTo(ref.kerbArc.cn, 6);
    expect(arc.r).toBeCloseTo(ref.kerbArc.r, 6);
    const end = stationOffset(kerb, 500070, 4200060)!;
    expect(end.station).toBeCloseTo(50 + ref.kerbArc.r * (ref.kerbArc.end - ref.kerbArc.start) + 40, 6);
    for (const [e, n] of gdalLines('KERB')[0]!) expect(Math.abs(stationOffset(kerb, e, n)!.offset)).toBeLessThan(1e-3);
  });

  it('turns a mirrored LWPOLYLINE (extrusion 0,0,-1) into world coordinates as ezdxf does, its arc turning the other way', () => {
    const m = lineOn('KERB', 1);
    expect(m.vertices.map((v) => [v.e, v.n, v.h])).toEqual(ref.mirroredWcs);
    const arc = segmentsOf(m)[0]!.arc!;
    expect(arc.ce).toBeCloseTo(ref.mirroredCentre[0], 6);
    expect(arc.cn).toBeCloseTo(ref.mirroredCentre[1], 6);
    expect(arc.r).toBeCloseTo(ref.mirroredRadius, 6);
    for (const [e, n] of gdalLines('KERB')[1]!) expect(Math.abs(stationOffset(m, e, n)!.offset)).toBeLessThan(1e-3);
  });

  it('reads the 3D POLYLINE and the LINE with their heights and layers', () => {
    expect(lineOn('DITCH').vertices.map((v) => [v.e, v.n, v.h])).toEqual(gdalLines('DITCH')[0]);
    expect(lineOn('FENCE').vertices.map((v) => [v.e, v.n, v.h])).toEqual(gdalLines('FENCE')[0]);
    expect(r.lines.map((l) => l.layer)).toEqual(['KERB', 'KERB', 'DITCH', 'FENCE']);
  });
});
