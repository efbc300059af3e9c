import { freeName, type Collector } from '../import/collector.js';
import { closeRing } from '../import/ring.js';
import type { DxfDrawing } from './drawing.js';

/** The drawing's points and polylines (counted as they were read) as design data in metres; unnamed points numbered. */
export function toDesign(d: DxfDrawing, metres: number, c: Collector, prefix: string): void {
  const m = (v: number | null) => (v === null ? null : v * metres);
  const auto = { n: 1 };
  const numbered: string[] = [];
  // named points first, so a numbered name never takes one the drawing gives
  const ordered = [...d.points.filter((p) => p.name !== null), ...d.points.filter((p) => p.name === null)];
  for (const p of ordered) {
    let name = p.name;
    if (name === null) {
      name = freeName(c, prefix, auto);
      numbered.push(name);
    }
    c.addPoint({ name, e: p.x * metres, n: p.y * metres, h: m(p.z), code: p.code, layer: p.layer, line: p.line });
  }
  c.points.sort((a, b) => a.line - b.line);
  const n = numbered.length;
  if (n > 0) {
    const names = n === 1 ? numbered[0] : `${numbered[0]} to ${numbered[n - 1]}`;
    c.warn(null, `${n} point${n === 1 ? ' has' : 's have'} no name in the drawing (no text near enough): named ${names}`);
  }
  const lineNo = { n: 1 };
  for (const l of d.polylines) {
    if (l.vertices.length < 2) {
      c.error(l.line, `a polyline on layer "${l.layer}" has ${l.vertices.length} vertex: a line needs 2 or more`);
      continue;
    }
    const ring = closeRing(
      l.vertices.map((v) => ({ e: v.x * metres, n: v.y * metres, h: m(v.z), bulge: v.bulge })),
      l.closed,
    );
    c.addLine({
      name: freeName(c, 'L', lineNo, 'line'),
      layer: l.layer,
      code: '',
      ...ring,
      startStation: 0,
      line: l.line,
    });
  }
}
