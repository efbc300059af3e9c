import type { DesignVertex } from '../types.js';
import { readCoord, type Coord } from './points.js';
import type { XmlElement } from './xml.js';

export interface GeomContext {
  metres: number;
  /** the file's CgPoints by name, for pntRef */
  points: Map<string, Coord>;
  warn: (line: number, message: string) => void;
}

type Piece = { vertices: DesignVertex[]; line: number } | string;

const vertex = (c: Coord, bulge = 0): DesignVertex => ({ e: c.e, n: c.n, h: c.h, bulge });

/** Start, End, Center or PI: its own "northing easting [elevation]", or the CgPoint its pntRef names. */
function pointOf(parent: XmlElement, name: string, ctx: GeomContext): Coord | string {
  const el = parent.children.find((c) => c.name === name);
  if (!el) return `<${parent.name}> has no <${name}>`;
  if (el.text.trim() === '' && el.attrs.pntRef !== undefined) {
    return ctx.points.get(el.attrs.pntRef) ?? `<${name}> refers to "${el.attrs.pntRef}", which is not a point of the file`;
  }
  const c = readCoord(el.text, ctx.metres);
  return typeof c === 'string' ? `<${name}>: ${c}` : c;
}

const TWO_PI = 2 * Math.PI;
const norm = (a: number) => ((a % TWO_PI) + TWO_PI) % TWO_PI;

/**
 * A Curve as a bulge: sweep from the angles of Start and End about Center, turning as rot says ("ccw" positive);
 * without rot, the side of the chord the Center is on decides (an arc under a half circle).
 */
function curve(el: XmlElement, ctx: GeomContext): Piece {
  const [s, c, e] = ['Start', 'Center', 'End'].map((n) => pointOf(el, n, ctx));
  for (const p of [s, c, e]) if (typeof p === 'string') return p;
  const [S, C, E] = [s, c, e] as Coord[] as [Coord, Coord, Coord];
  const r1 = Math.hypot(S.e - C.e, S.n - C.n);
  const r2 = Math.hypot(E.e - C.e, E.n - C.n);
  if (r1 === 0 || Math.abs(r1 - r2) > Math.max(0.001, r1 * 1e-6)) return `the Curve's Start and End are not on one circle about its Center (radii ${r1.toFixed(3)} and ${r2.toFixed(3)} m)`;
  let rot = el.attrs.rot;
  if (rot !== 'cw' && rot !== 'ccw') {
    const cross = (E.e - S.e) * (C.n - S.n) - (E.n - S.n) * (C.e - S.e);
    if (cross === 0) return 'the Curve has no rot and is a half circle: its direction is unknown';
    rot = cross > 0 ? 'ccw' : 'cw';
  }
  const a1 = Math.atan2(S.n - C.n, S.e - C.e);
  const a2 = Math.atan2(E.n - C.n, E.e - C.e);
  const sweep = rot === 'ccw' ? norm(a2 - a1) || TWO_PI : -(norm(a1 - a2) || TWO_PI);
  return { vertices: [vertex(S, Math.tan(sweep / 4)), vertex(E)], line: el.line };
}

function irregular(el: XmlElement, ctx: GeomContext): Piece {
  const list = el.children.find((c) => c.name === 'PntList3D' || c.name === 'PntList2D');
  if (!list) {
    const [s, e] = [pointOf(el, 'Start', ctx), pointOf(el, 'End', ctx)];
    if (typeof s === 'string') return s;
    if (typeof e === 'string') return e;
    return { vertices: [vertex(s), vertex(e)], line: el.line };
  }
  const size = list.name === 'PntList3D' ? 3 : 2;
  const values = list.text.trim().split(/\s+/).filter(Boolean);
  if (values.length % size !== 0 || values.length < size * 2) return `<${list.name}> holds ${values.length} numbers: it needs pairs of ${size} for 2 points or more`;
  const vertices: DesignVertex[] = [];
  for (let i = 0; i < values.length; i += size) {
    const c = readCoord(values.slice(i, i + size).join(' '), ctx.metres);
    if (typeof c === 'string') return `<${list.name}>: ${c}`;
    vertices.push(vertex(c));
  }
  return { vertices, line: el.line };
}

function chain(el: XmlElement, ctx: GeomContext): Piece {
  const names = el.text.trim().split(/\s+/).filter(Boolean);
  const vertices: DesignVertex[] = [];
  for (const name of names) {
    const c = ctx.points.get(name);
    if (!c) return `the Chain refers to "${name}", which is not a point of the file`;
    vertices.push(vertex(c));
  }
  return vertices.length >= 2 ? { vertices, line: el.line } : 'the Chain names fewer than 2 points';
}

/** The pieces of a CoordGeom in their order, each a run of vertices or what is wrong with it. */
export function readPieces(geom: XmlElement, ctx: GeomContext): { piece: Piece; line: number }[] {
  const out: { piece: Piece; line: number }[] = [];
  for (const el of geom.children) {
    let piece: Piece;
    if (el.name === 'Line') {
      const [s, e] = [pointOf(el, 'Start', ctx), pointOf(el, 'End', ctx)];
      piece = typeof s === 'string' ? s : typeof e === 'string' ? e : { vertices: [vertex(s), vertex(e)], line: el.line };
    } else if (el.name === 'Curve') piece = curve(el, ctx);
    else if (el.name === 'IrregularLine') piece = irregular(el, ctx);
    else if (el.name === 'Chain') piece = chain(el, ctx);
    else if (el.name === 'Spiral') {
      const [s, e] = [pointOf(el, 'Start', ctx), pointOf(el, 'End', ctx)];
      piece = typeof s === 'string' ? s : typeof e === 'string' ? e : { vertices: [vertex(s), vertex(e)], line: el.line };
      if (typeof piece !== 'string') ctx.warn(el.line, 'a Spiral was read as the straight line from its Start to its End');
    } else continue;
    out.push({ piece, line: el.line });
  }
  return out;
}
