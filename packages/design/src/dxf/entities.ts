import { parseDecimal } from '../import/numbers.js';
import type { DxfEntity } from './groups.js';
import { valueOf } from './groups.js';
import { ocsOf } from './ocs.js';

export interface DxfPoint {
  x: number;
  y: number;
  z: number | null;
  layer: string;
  line: number;
  /** from an INSERT's attribute named like a point name, else null */
  name: string | null;
  code: string;
}
export interface DxfText {
  text: string;
  x: number;
  y: number;
  layer: string;
  line: number;
}
export interface DxfVertex {
  x: number;
  y: number;
  z: number | null;
  bulge: number;
}
export interface DxfPolyline {
  layer: string;
  closed: boolean;
  vertices: DxfVertex[];
  line: number;
}

/** Reads the numbers of one entity; a value that is not a number is an error on its own line. */
export class Fields {
  readonly problems: { line: number; message: string }[] = [];
  constructor(readonly e: DxfEntity) {}

  num(code: number): number | undefined {
    const i = this.e.codes.indexOf(code);
    return i < 0 ? undefined : this.at(i);
  }

  at(i: number): number | undefined {
    const raw = (this.e.values[i] as string).trim();
    const v = parseDecimal(raw);
    if (v === null) this.problems.push({ line: this.e.line + 2 * (i + 1) + 1, message: `${this.e.type}: group ${this.e.codes[i]} "${raw}" is not a number` });
    return v ?? undefined;
  }

  get layer(): string {
    return (valueOf(this.e, 8) ?? '0').trim();
  }

  /** the x, y, z of group codes 10+k, 20+k, 30+k (z null when absent) */
  xyz(k = 0): { x: number; y: number; z: number | null } | null {
    const x = this.num(10 + k);
    const y = this.num(20 + k);
    const z = this.num(30 + k);
    if (x === undefined || y === undefined) {
      if (this.problems.length === 0) this.problems.push({ line: this.e.line, message: `${this.e.type} has no ${x === undefined ? 'x' : 'y'} coordinate` });
      return null;
    }
    return { x, y, z: z ?? null };
  }
}

const NAME_TAGS = /^(name|point|pt|pnt|pointno|point_?number|number|no|id|pn)$/i;
const CODE_TAGS = /^(code|desc|description|descr)$/i;

export function readPoint(f: Fields, attribs?: DxfEntity[]): DxfPoint | null {
  const p = f.xyz();
  if (!p) return null;
  let name: string | null = null;
  let code = '';
  for (const a of attribs ?? []) {
    const tag = (valueOf(a, 2) ?? '').trim();
    const value = (valueOf(a, 1) ?? '').trim();
    if (!value) continue;
    if (name === null && NAME_TAGS.test(tag)) name = value;
    else if (!code && CODE_TAGS.test(tag)) code = value;
  }
  if (f.e.type !== 'INSERT') return { x: p.x, y: p.y, z: p.z, layer: f.layer, line: f.e.line, name, code };
  const w = ocsOf(f.e, (c) => f.num(c)).toWorld(p.x, p.y, p.z ?? 0);
  return { x: w[0], y: w[1], z: p.z === null ? null : w[2], layer: f.layer, line: f.e.line, name, code };
}

/** MTEXT's inline formatting (\P paragraphs, {\fArial;...} fonts, \S stacks) and TEXT's %% codes, removed. */
export function plainText(raw: string): string {
  return raw
    .replace(/\\[Pp]/g, ' ')
    .replace(/\\[ACcFfHhQTWp][^;]*;/g, '')
    .replace(/\\S([^;]*);/g, '$1')
    .replace(/\\[LlOoKk]/g, '')
    .replace(/%%[dD]/g, '°')
    .replace(/%%[pP]/g, '±')
    .replace(/%%[cC]/g, 'Ø')
    .replace(/%%[uUoOkK]/g, '')
    .replace(/\\\\/g, '\\')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function readText(f: Fields): DxfText | null {
  const e = f.e;
  let raw = '';
  for (let i = 0; i < e.codes.length; i++) if (e.codes[i] === 3 || e.codes[i] === 1) raw += e.values[i];
  const text = plainText(raw);
  if (!text) return null;
  // TEXT aligned other than left/baseline sits at its second alignment point
  const aligned = e.type === 'TEXT' && ((f.num(72) ?? 0) !== 0 || (f.num(73) ?? 0) !== 0) && f.num(11) !== undefined;
  const p = f.xyz(aligned ? 1 : 0);
  if (!p) return null;
  const w = e.type === 'TEXT' ? ocsOf(e, (c) => f.num(c)).toWorld(p.x, p.y, p.z ?? 0) : [p.x, p.y];
  return { text, x: w[0] as number, y: w[1] as number, layer: f.layer, line: e.line };
}
