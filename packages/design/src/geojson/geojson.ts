import { METRES_PER, type LinearUnit } from '@smi/geodesy/units';
import { Collector, type CollectOptions } from '../import/collector.js';
import { decodeInput, sizeError } from '../import/limits.js';
import type { ImportInput, ImportResult, ToGrid } from '../types.js';
import { crsOf } from './crs.js';
import { featureLines, lineAt } from './feature-lines.js';
import { readFeature, type Feature, type PositionReader } from './features.js';

export interface GeoJsonOptions extends CollectOptions {
  /** converts WGS 84 positions into the project's grid: required unless the file names the project's CRS */
  toGrid?: ToGrid;
  /** the project's EPSG code: a file whose crs member names it is read as grid coordinates */
  projectEpsg?: number;
  /** the unit of the project CRS's coordinates (default metre) */
  projectUnit?: LinearUnit;
}

const whole = (line: number | null, message: string): ImportResult => ({ points: [], lines: [], errors: [{ line, message }], warnings: [] });

function parseJson(text: string): { doc: unknown } | { line: number | null; message: string } {
  try {
    return { doc: JSON.parse(text) as unknown };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const lc = /line (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    const line = lc ? Number(lc[1]) : pos ? lineAt(text, Number(pos[1])) : null;
    return { line, message: `the file is not valid JSON: ${message}` };
  }
}

function positionReader(crs: ReturnType<typeof crsOf>, o: GeoJsonOptions): PositionReader | string {
  if ('error' in crs) return crs.error;
  if (crs.kind === 'epsg') {
    if (o.projectEpsg === undefined || crs.code !== o.projectEpsg) {
      return `the file's coordinates are in EPSG:${crs.code}, the project's in ${o.projectEpsg === undefined ? 'no coordinate system' : `EPSG:${o.projectEpsg}`}: convert the file to the project's system or to WGS 84`;
    }
    const m = METRES_PER[o.projectUnit ?? 'metre'];
    return ([x, y, z]) => ({ e: x * m, n: y * m, h: z === undefined ? null : z * m });
  }
  const toGrid = o.toGrid;
  if (!toGrid) return 'WGS 84 coordinates need the project coordinate system to be converted to grid coordinates';
  return ([lon, lat, h]) => {
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return `longitude ${lon}, latitude ${lat} is out of range (GeoJSON is longitude first)`;
    try {
      return toGrid(lat, lon, h ?? null);
    } catch (err) {
      return `${lat}, ${lon} cannot be converted to the project's grid: ${err instanceof Error ? err.message : String(err)}`;
    }
  };
}

/**
 * Design points (Point, MultiPoint) and lines (LineString, MultiLineString, and Polygon rings as closed lines) of a
 * GeoJSON file: WGS 84 longitude/latitude/ellipsoidal height as RFC 7946 says, or the project's grid when a crs
 * member names the project's EPSG code (any other crs is refused). Never throws.
 */
export function parseGeoJson(input: ImportInput, options: GeoJsonOptions = {}): ImportResult {
  const refused = sizeError(input);
  if (refused) return whole(null, refused.message);
  const { text } = decodeInput(input);
  const parsed = parseJson(text);
  if (!('doc' in parsed)) return whole(parsed.line, parsed.message);
  const doc = parsed.doc as { type?: unknown; features?: unknown };
  const read = positionReader(crsOf(doc), options);
  if (typeof read === 'string') return whole(1, read);
  let features: { f: Feature; line: number }[];
  if (doc?.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) return whole(1, 'the FeatureCollection has no "features" array');
    const lines = featureLines(text);
    features = (doc.features as Feature[]).map((f, i) => ({ f, line: lines[i] ?? 1 }));
  } else if (doc?.type === 'Feature') features = [{ f: doc as Feature, line: 1 }];
  else if (typeof doc?.type === 'string') features = [{ f: { type: 'Feature', geometry: doc as Feature['geometry'], properties: null }, line: 1 }];
  else return whole(1, 'the file is JSON but not GeoJSON: it has no "type"');
  const c = new Collector(options);
  const next = { point: { n: 1 }, line: { n: 1 } };
  for (const { f, line } of features) {
    if (!c.open) break;
    readFeature(f, line, read, c, next);
  }
  return c.result();
}
