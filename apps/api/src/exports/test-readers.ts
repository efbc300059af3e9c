import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { readPdf } from './test-pdf-text.js';

/**
 * Every deliverable read back by the tool a surveyor would open it with (GDAL, xmllint, poppler, a CSV parser), each
 * reduced to the grid easting, northing and height of every point by name. None of this is the product's code.
 */
export interface Read {
  e: number;
  n: number;
  h: number | null;
}
export type ByName = Map<string, Read>;

const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
const ogrCsv = (src: string, ...args: string[]) =>
  parse(execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', src, '-lco', 'GEOMETRY=AS_XYZ', ...args]).toString(), { columns: true }) as Record<string, string>[];

/** csv or txt: the grid columns found by their prefix (the header names the CRS and the height's reference). */
export function fromTable(body: Buffer, delimiter: ',' | '\t'): { rows: ByName; headers: string[] } {
  const records = parse(body, { columns: true, delimiter, quote: delimiter === ',' ? '"' : false }) as Record<string, string>[];
  const headers = Object.keys(records[0] ?? {});
  const col = (prefix: string) => headers.find((h) => h.startsWith(prefix))!;
  const [e, n, h] = [col('easting_'), col('northing_'), col('height_')];
  return { rows: new Map(records.map((r) => [r.name!, { e: Number(r[e]), n: Number(r[n]), h: num(r[h]) }])), headers };
}

/** PNEZD: point number, northing, easting, elevation, description (the name). */
export function fromPnezd(body: Buffer): ByName {
  const records = parse(body) as string[][];
  return new Map(records.map((r) => [r[4]!, { e: Number(r[2]), n: Number(r[1]), h: num(r[3]) }]));
}

/** DXF through GDAL: each POINT entity's X Y Z, named by the TEXT label written right after it. */
export function fromDxf(path: string): ByName {
  const info = execFileSync('ogrinfo', ['-ro', '-al', '-q', path], { maxBuffer: 64 << 20 }).toString();
  const out: ByName = new Map();
  let last: Read | null = null;
  for (const block of info.split(/^\s*OGRFeature\(/m).slice(1)) {
    const point = /POINT Z \(([-\d.e+]+) ([-\d.e+]+) ([-\d.e+]+)\)/.exec(block);
    if (/AcDbPoint/.test(block) && point) last = { e: Number(point[1]), n: Number(point[2]), h: Number(point[3]) };
    const text = /^\s*Text \(String\) = (.*)$/m.exec(block)?.[1]?.trim();
    if (/AcDbText/.test(block) && last && text !== undefined && !out.has(text)) {
      out.set(text, last);
      last = null;
    }
  }
  return out;
}

/** A zipped shapefile through GDAL: X, Y, Z of each feature, its name attribute. */
export function fromShp(zipPath: string): ByName {
  return new Map(ogrCsv(`/vsizip/${zipPath}`).map((r) => [r.name!, { e: Number(r.X), n: Number(r.Y), h: num(r.Z) }]));
}

/** GeoJSON through GDAL: the grid properties (and the WGS 84 geometry, returned beside). */
export function fromGeoJson(path: string): { rows: ByName; geometry: Map<string, { lon: number; lat: number; h: number | null }> } {
  const records = ogrCsv(path);
  return {
    rows: new Map(records.map((r) => [r.name!, { e: Number(r.easting), n: Number(r.northing), h: num(r.height) }])),
    geometry: new Map(records.map((r) => [r.name!, { lon: Number(r.X), lat: Number(r.Y), h: num(r.Z) }])),
  };
}

/** KML through GDAL: the ExtendedData grid fields of each placemark of the given folders (and its geometry). */
export function fromKml(path: string, folders: string[]): { rows: ByName; geometry: Map<string, { lon: number; lat: number; h: number | null }> } {
  const records = folders.flatMap((f) => ogrCsv(path, f));
  const nameOf = (r: Record<string, string>) => r.Name ?? r.name!;
  return {
    rows: new Map(records.map((r) => [nameOf(r), { e: Number(r.easting), n: Number(r.northing), h: num(r.height) }])),
    geometry: new Map(records.map((r) => [nameOf(r), { lon: Number(r.X), lat: Number(r.Y), h: num(r.Z) }])),
  };
}

/** LandXML through xmllint (it must parse): each CgPoint's "northing easting elevation" by its name. */
export function fromLandXml(path: string): ByName {
  execFileSync('xmllint', ['--noout', path]);
  const names = execFileSync('xmllint', ['--xpath', "//*[local-name()='CgPoint']/@name", path]).toString();
  const texts = execFileSync('xmllint', ['--xpath', "//*[local-name()='CgPoint']/text()", path]).toString().trim().split('\n');
  const list = [...names.matchAll(/name="([^"]*)"/g)].map((m) => m[1]!);
  return new Map(list.map((name, i) => {
    const [n, e, h] = texts[i]!.trim().split(/\s+/).map(Number);
    return [name, { e: e!, n: n!, h: h ?? null }];
  }));
}

/**
 * A PDF table through pdftotext -layout: the row of each point (its name, then numbers); the grid values are the
 * first three numbers after the name with three decimals (easting, northing, height).
 */
export async function fromPdfTable(pdf: Buffer, names: string[]): Promise<{ rows: ByName; text: string }> {
  const { text } = await readPdf(pdf);
  const rows: ByName = new Map();
  for (const name of names) {
    const line = text.split('\n').find((l) => new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`).test(l));
    if (!line) continue;
    const after = line.slice(line.indexOf(name) + name.length);
    const values = [...after.matchAll(/(?<![\d.])-?\d+\.\d{3}(?![\d])/g)].map((m) => Number(m[0]));
    rows.set(name, { e: values[0]!, n: values[1]!, h: values[2] ?? null });
  }
  return { rows, text };
}
