import { parseDecimal } from '../import/numbers.js';
import type { Collector } from '../import/collector.js';
import type { DesignPoint, ToGrid } from '../types.js';
import type { XmlElement } from './xml.js';

export interface Coord {
  e: number;
  n: number;
  h: number | null;
}

/** "northing easting [elevation]" (LandXML's order) in the file's unit -> metres, or what is wrong. */
export function readCoord(text: string, metres: number): Coord | string {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return `"${text.trim()}" is not "northing easting [elevation]"`;
  const v = parts.map((p) => parseDecimal(p));
  const bad = parts.find((_, i) => v[i] === null);
  if (bad !== undefined) return `"${bad}" is not a number`;
  const [n, e, h] = v as number[];
  return { e: (e as number) * metres, n: (n as number) * metres, h: h === undefined ? null : h * metres };
}

export interface CgPointContext {
  c: Collector;
  metres: number;
  toGrid?: ToGrid;
}

/** The CgPoints of the file (nested groups too), the group's name as the layer; pntRef resolved by name. */
export function readCgPoints(root: XmlElement, ctx: CgPointContext): Map<string, Coord> {
  const found: { el: XmlElement; layer: string }[] = [];
  const walk = (el: XmlElement, layer: string) => {
    for (const child of el.children) {
      if (child.name === 'CgPoints') walk(child, child.attrs.name ?? layer);
      else if (child.name === 'CgPoint' && el.name === 'CgPoints') found.push({ el: child, layer });
    }
  };
  walk(root, '');
  const coords = new Map<string, Coord>();
  const refs: { el: XmlElement; layer: string; name: string }[] = [];
  for (const { el, layer } of found) {
    if (!ctx.c.count(1, el.line)) return coords;
    const name = (el.attrs.name ?? el.attrs.oID ?? '').trim();
    if (name === '') {
      ctx.c.error(el.line, 'a CgPoint has no name');
      continue;
    }
    if (el.text.trim() === '' && el.attrs.pntRef) {
      refs.push({ el, layer, name });
      continue;
    }
    const xy = el.text.trim() === '' ? fromLatLong(el, ctx) : readCoord(el.text, ctx.metres);
    if (typeof xy === 'string') ctx.c.error(el.line, `CgPoint "${name}": ${xy}`);
    else if (ctx.c.addPoint(pointOf(name, xy, el, layer))) coords.set(name, xy);
  }
  for (const { el, layer, name } of refs) {
    const xy = coords.get(el.attrs.pntRef as string);
    if (!xy) ctx.c.error(el.line, `CgPoint "${name}" refers to "${el.attrs.pntRef}", which is not a point of the file`);
    else if (ctx.c.addPoint(pointOf(name, xy, el, layer))) coords.set(name, xy);
  }
  return coords;
}

const pointOf = (name: string, c: Coord, el: XmlElement, layer: string): DesignPoint => ({
  name,
  e: c.e,
  n: c.n,
  h: c.h,
  code: el.attrs.code ?? el.attrs.desc ?? '',
  layer,
  line: el.line,
});

function fromLatLong(el: XmlElement, ctx: CgPointContext): Coord | string {
  const lat = parseDecimal(el.attrs.latitude ?? '');
  const lon = parseDecimal(el.attrs.longitude ?? '');
  if (lat === null || lon === null) return 'no coordinates';
  if (!ctx.toGrid) return 'only latitude/longitude, and no project coordinate system to convert them';
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return `latitude ${lat}, longitude ${lon} is out of range`;
  const h = parseDecimal(el.attrs.ellipsoidHeight ?? '');
  try {
    return ctx.toGrid(lat, lon, h);
  } catch (err) {
    return `${lat}, ${lon} cannot be converted to the project's grid: ${err instanceof Error ? err.message : String(err)}`;
  }
}
