import { Collector, type CollectOptions } from '../import/collector.js';
import { decodeInput, sizeError } from '../import/limits.js';
import { closeRing, SAME_VERTEX_M } from '../import/ring.js';
import type { DesignLine, DesignVertex, ImportInput, ImportResult, ToGrid } from '../types.js';
import { readPieces, type GeomContext } from './coord-geom.js';
import { readCgPoints } from './points.js';
import { epsgOf, linearUnit } from './units.js';
import { readXml, type XmlElement } from './xml.js';

export interface LandXmlOptions extends CollectOptions {
  /** the project's EPSG code: a file whose CoordinateSystem names another is refused */
  projectEpsg?: number;
  /** for CgPoints given only by latitude/longitude */
  toGrid?: ToGrid;
}

const VERSIONS = new Set(['1.0', '1.1', '1.2']);

const whole = (line: number | null, message: string): ImportResult => ({ points: [], lines: [], errors: [{ line, message }], warnings: [] });

/**
 * Design points (CgPoints, nested groups named as layers) and lines (PlanFeatures' and Alignments' CoordGeom: Line,
 * Curve as a bulge, IrregularLine, Chain; a Spiral as its chord) of a LandXML 1.0, 1.1 or 1.2 file, in metres.
 * Never throws; a file that is not well-formed XML or not LandXML imports nothing.
 */
export function parseLandXml(input: ImportInput, options: LandXmlOptions = {}): ImportResult {
  const refused = sizeError(input);
  if (refused) return whole(null, refused.message);
  const { text, warning } = decodeInput(input);
  const xml = readXml(text);
  if ('error' in xml) return whole(xml.line, `the file is not well-formed XML: ${xml.error}`);
  const root = xml.root;
  if (root.name !== 'LandXML') return whole(root.line, `the root element is <${root.name}>, not <LandXML>`);
  const c = new Collector(options);
  if (warning) c.warn(warning.line, warning.message);
  const version = root.attrs.version ?? '';
  if (!VERSIONS.has(version)) c.warn(root.line, `LandXML version "${version}" is not 1.0, 1.1 or 1.2: read as 1.2`);
  const epsg = epsgOf(root);
  if (epsg && options.projectEpsg !== undefined && epsg.code !== options.projectEpsg) {
    return whole(epsg.line, `the file's coordinates are in EPSG:${epsg.code}, the project's in EPSG:${options.projectEpsg}: convert the file to the project's coordinate system first`);
  }
  const unit = linearUnit(root);
  if ('error' in unit) return whole(unit.line, unit.error);
  if (unit.warning) c.warn(root.line, unit.warning);
  const points = readCgPoints(root, { c, metres: unit.metres, toGrid: options.toGrid });
  const ctx: GeomContext = { metres: unit.metres, points, warn: (line, m) => c.warn(line, m) };
  for (const group of root.children) {
    if (!c.open) break;
    if (group.name === 'PlanFeatures') {
      for (const f of group.children.filter((x) => x.name === 'PlanFeature')) readFeature(f, group.attrs.name ?? 'PlanFeatures', 0, c, ctx);
    } else if (group.name === 'Alignments') {
      for (const a of group.children.filter((x) => x.name === 'Alignment')) {
        const sta = Number(a.attrs.staStart ?? 0);
        readFeature(a, group.attrs.name ?? 'Alignments', Number.isFinite(sta) ? sta * unit.metres : 0, c, ctx);
      }
    }
  }
  return c.result();
}

function readFeature(f: XmlElement, layer: string, startStation: number, c: Collector, ctx: GeomContext): void {
  const geom = f.children.find((x) => x.name === 'CoordGeom');
  const name = (f.attrs.name ?? '').trim() || `${f.name} line ${f.line}`;
  if (!geom) {
    c.warn(f.line, `<${f.name}> "${name}" has no CoordGeom`);
    return;
  }
  const runs: { vertices: DesignVertex[]; line: number }[] = [];
  let bad = false;
  for (const { piece, line } of readPieces(geom, ctx)) {
    if (typeof piece === 'string') {
      c.error(line, `${f.name} "${name}": ${piece}`);
      bad = true;
      continue;
    }
    const run = runs[runs.length - 1];
    const last = run?.vertices[run.vertices.length - 1];
    const first = piece.vertices[0] as DesignVertex;
    if (run && last && Math.hypot(last.e - first.e, last.n - first.n) <= SAME_VERTEX_M) {
      last.bulge = first.bulge;
      run.vertices.push(...piece.vertices.slice(1));
    } else runs.push({ vertices: piece.vertices.map((v) => ({ ...v })), line });
  }
  if (bad) return;
  if (runs.length > 1) c.warn(f.line, `${f.name} "${name}" has gaps: it was read as ${runs.length} lines`);
  runs.forEach((run, i) => {
    if (!c.count(run.vertices.length, run.line)) return;
    const { vertices, closed } = closeRing(run.vertices, false);
    const line: DesignLine = {
      name: i === 0 ? name : `${name} (${i + 1})`,
      layer,
      code: f.attrs.code ?? f.attrs.desc ?? '',
      closed,
      vertices,
      startStation: i === 0 ? startStation : 0,
      line: run.line,
    };
    c.addLine(line);
  });
}
