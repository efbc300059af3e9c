import { freeName, type Collector } from '../import/collector.js';
import { closeRing } from '../import/ring.js';
import type { DesignVertex } from '../types.js';

export interface Feature {
  type?: unknown;
  id?: unknown;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

type Grid = { e: number; n: number; h: number | null };
/** a position (x, y[, z]) -> grid metres, or what is wrong with it */
export type PositionReader = (p: [number, number, number?]) => Grid | string;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const first = (props: Record<string, unknown>, keys: string[]) => keys.map((k) => text(props[k])).find((v) => v !== '') ?? '';

function position(p: unknown, read: PositionReader): Grid | string {
  if (!Array.isArray(p) || p.length < 2 || p.length > 4 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    return `${JSON.stringify(p)?.slice(0, 60)} is not a position [x, y] or [x, y, z]`;
  }
  return read(p as [number, number, number?]);
}

function positions(list: unknown, read: PositionReader, min: number): Grid[] | string {
  if (!Array.isArray(list) || list.length < min) return `a line needs ${min} positions or more`;
  const out: Grid[] = [];
  for (const [i, p] of list.entries()) {
    const g = position(p, read);
    if (typeof g === 'string') return `position ${i + 1}: ${g}`;
    out.push(g);
  }
  return out;
}

export function readFeature(f: Feature, line: number, read: PositionReader, c: Collector, next: { point: { n: number }; line: { n: number } }): void {
  const g = f?.geometry;
  const props = f?.properties && typeof f.properties === 'object' ? f.properties : {};
  const name = first(props, ['name', 'Name', 'NAME', 'id', 'ID']) || text(f?.id);
  const code = first(props, ['code', 'Code', 'CODE', 'description', 'desc']);
  const layer = first(props, ['layer', 'Layer', 'LAYER']);
  if (!g) return c.warn(line, 'a feature without geometry was skipped');
  const type = g.type;
  const many = (list: unknown) => (Array.isArray(list) ? list : [list]);
  const suffix = (base: string, i: number, n: number) => (n > 1 && base ? `${base}-${i + 1}` : base);
  if (type === 'Point' || type === 'MultiPoint') {
    const list = type === 'Point' ? [g.coordinates] : many(g.coordinates);
    list.forEach((p, i) => {
      if (!c.count(1, line)) return;
      const pos = position(p, read);
      if (typeof pos === 'string') return c.error(line, `${type}${name ? ` "${name}"` : ''}: ${pos}`);
      c.addPoint({ name: suffix(name, i, list.length) || freeName(c, 'P', next.point), ...pos, code, layer, line });
    });
  } else if (type === 'LineString' || type === 'MultiLineString' || type === 'Polygon' || type === 'MultiPolygon') {
    const closed = type === 'Polygon' || type === 'MultiPolygon';
    const parts = type === 'LineString' ? [g.coordinates] : type === 'MultiPolygon' ? many(g.coordinates).flatMap(many) : many(g.coordinates);
    parts.forEach((part, i) => {
      const grid = positions(part, read, closed ? 4 : 2);
      if (typeof grid === 'string') return c.error(line, `${type}${name ? ` "${name}"` : ''}: ${grid}`);
      if (!c.count(grid.length, line)) return;
      const ring = closeRing(grid.map((v): DesignVertex => ({ ...v, bulge: 0 })), false);
      if (closed && !ring.closed) return c.error(line, `${type}${name ? ` "${name}"` : ''}: a ring must end on its first position`);
      const lineName = suffix(name, i, parts.length) || freeName(c, 'L', next.line, 'line');
      c.addLine({ name: lineName, layer, code, ...ring, startStation: 0, line });
    });
  } else c.warn(line, `a ${String(type)} geometry was skipped: not a point or line`);
}
