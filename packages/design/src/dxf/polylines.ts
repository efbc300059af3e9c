import type { DxfPolyline, DxfVertex, Fields } from './entities.js';
import { ocsOf, type Ocs } from './ocs.js';

export type Warn = (line: number, message: string) => void;

function inPlan(ocs: Ocs, vertices: DxfVertex[], hasZ: boolean, line: number, warn: Warn): DxfVertex[] {
  if (ocs.tilted && vertices.some((v) => v.bulge !== 0)) warn(line, 'a polyline on a tilted plane: its arcs were read as straight segments');
  return vertices.map((v) => {
    const [x, y, z] = ocs.toWorld(v.x, v.y, v.z ?? 0);
    return { x, y, z: hasZ ? z : null, bulge: ocs.tilted ? 0 : v.bulge * ocs.flip };
  });
}

export function readLine(f: Fields): DxfPolyline | null {
  const a = f.xyz(0);
  const b = f.xyz(1);
  if (!a || !b) return null;
  return { layer: f.layer, closed: false, line: f.e.line, vertices: [{ ...a, bulge: 0 }, { ...b, bulge: 0 }] };
}

/** LWPOLYLINE: 10/20 start each vertex, 42 is the bulge of the vertex before it, 38 the elevation of them all. */
export function readLwPolyline(f: Fields, warn: Warn): DxfPolyline | null {
  const e = f.e;
  const elevation = f.num(38);
  const vertices: DxfVertex[] = [];
  for (let i = 0; i < e.codes.length; i++) {
    const code = e.codes[i];
    if (code === 10) vertices.push({ x: f.at(i) ?? NaN, y: NaN, z: elevation ?? null, bulge: 0 });
    const v = vertices[vertices.length - 1];
    if (!v) continue;
    if (code === 20) v.y = f.at(i) ?? NaN;
    else if (code === 42) v.bulge = f.at(i) ?? 0;
  }
  if (f.problems.length > 0) return null;
  if (vertices.some((v) => Number.isNaN(v.x) || Number.isNaN(v.y))) {
    f.problems.push({ line: e.line, message: 'LWPOLYLINE has a vertex without its x or y' });
    return null;
  }
  const closed = ((f.num(70) ?? 0) & 1) === 1;
  return { layer: f.layer, closed, line: e.line, vertices: inPlan(ocsOf(e, (c) => f.num(c)), vertices, elevation !== undefined, e.line, warn) };
}

const MESH = 16 | 64;
const SPLINE_FRAME = 16;

/**
 * POLYLINE with its VERTEX entities: a 3D polyline (flag 8) in world coordinates, a 2D one in its entity system at
 * the POLYLINE's elevation; spline frame points (not on the curve) left out; meshes are not lines.
 */
export function readPolyline(f: Fields, vertexFields: Fields[], warn: Warn): DxfPolyline | null | 'mesh' {
  const flags = f.num(70) ?? 0;
  if (flags & MESH) return 'mesh';
  const is3d = (flags & 8) !== 0;
  const elevation = f.num(30);
  const vertices: DxfVertex[] = [];
  for (const vf of vertexFields) {
    if ((vf.num(70) ?? 0) & SPLINE_FRAME) continue;
    const p = vf.xyz();
    if (!p) continue;
    vertices.push({ x: p.x, y: p.y, z: is3d ? p.z : (elevation ?? null), bulge: is3d ? 0 : (vf.num(42) ?? 0) });
  }
  if (f.problems.length > 0 || vertexFields.some((v) => v.problems.length > 0)) return null;
  const closed = (flags & 1) === 1;
  const line = f.e.line;
  if (is3d) return { layer: f.layer, closed, line, vertices };
  return { layer: f.layer, closed, line, vertices: inPlan(ocsOf(f.e, (c) => f.num(c)), vertices, elevation !== undefined, line, warn) };
}
