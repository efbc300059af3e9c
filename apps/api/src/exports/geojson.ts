import { receiverMslHeight } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportPoint } from './repository.js';
import type { ExportContext, ExportLinework } from './context.js';
import { precisionProperties } from './precision-fields.js';

const deg = (v: number) => Math.round(v * 1e9) / 1e9;
const mm = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
const grid = (g: ProjectGeodesy, v: number) => (g.transform.unit === 'degree' ? deg(v) : mm(v));

/**
 * RFC 7946 Point: [longitude, latitude, h], h the height above the WGS 84 ellipsoid (section 3.1.1) when known. The
 * project's grid easting, northing and height ride along as properties, with the CRS and height reference named in
 * the collection's `projectCoordinates` member (RFC 7946 allows no `crs` on the geometry).
 */
function feature(p: ExportPoint, g: ProjectGeodesy | null): string {
  const c = g && pointCoordinates(g, p);
  const h = c ? c.ellipsoidalHeight : null;
  const coordinates = h === null ? [deg(p.longitude), deg(p.latitude)] : [deg(p.longitude), deg(p.latitude), mm(h)];
  return JSON.stringify({
    type: 'Feature',
    id: p.id,
    geometry: { type: 'Point', coordinates },
    properties: {
      name: p.name,
      easting: c ? grid(g, c.easting) : null,
      northing: c ? grid(g, c.northing) : null,
      height: c ? mm(c.height) : null,
      crs: g ? `EPSG:${g.labels.crsCode}` : null,
      heightReference: g ? g.labels.heightName : null,
      ellipsoidalHeight: mm(h),
      type: p.type,
      section: p.section,
      accuracy: p.accuracy,
      device: p.device,
      timestamp: p.recordedAt.toISOString(),
      fixType: p.fixType,
      satellites: p.satellites,
      hdop: p.hdop === null ? null : Number(p.hdop.toFixed(2)),
      horizontalAccuracy: p.horizontalAccuracy,
      verticalAccuracy: p.verticalAccuracy,
      altitude: p.altitude,
      geoidSeparation: p.geoidSeparation,
      receiverMslHeight: receiverMslHeight(p),
      // how it was measured and how well (null where the server did not measure it)
      ...precisionProperties(p.precision),
      warnings: p.precision.warnings,
      code: p.code,
      attributes: p.attributes,
      note: p.note,
      photos: p.photos,
      collected_by: p.collectedBy,
    },
  });
}

/**
 * A line or polygon of the linework (decision 057) through its measured points (an arc's chords: RFC 7946 has no
 * arcs), with its code, layer, colour and the attribute values its first point has for that code.
 */
function lineFeature(l: ExportLinework['lines'][number], attributes: Record<string, unknown> | undefined): string {
  const ring = l.vertices.map((v) => [deg(v.longitude), deg(v.latitude)]);
  const polygon = l.closed && ring.length >= 3;
  return JSON.stringify({
    type: 'Feature',
    id: l.key,
    geometry: polygon ? { type: 'Polygon', coordinates: [[...ring, ring[0]]] } : { type: 'LineString', coordinates: ring },
    properties: {
      code: l.code,
      string: l.string,
      kind: l.kind,
      layer: l.layer,
      colour: l.colour,
      closed: l.closed,
      join: l.join,
      points: l.vertices.map((v) => v.pointId),
      attributes: attributes ?? {},
    },
  });
}

/** What the grid properties are in: a foreign member of the collection. */
function projectCoordinatesMember(g: ProjectGeodesy | null) {
  if (!g) return null;
  const l = g.labels;
  return { crs: `EPSG:${l.crsCode}`, crsName: l.crsLabel, unit: l.unitLabel, height: l.heightName, heightUnit: l.heightUnitSymbol, calibration: l.calibrationVersion, default: l.isDefault };
}

/** A FeatureCollection written feature by feature; the project rides along as foreign members. */
export async function writeGeoJson({ sink, repo, project, geodesy: g, linework }: ExportContext) {
  const head = JSON.stringify({ type: 'FeatureCollection', name: project.name, description: project.description, projectCoordinates: projectCoordinatesMember(g) });
  await sink.write(`${head.slice(0, -1)},"features":[\n`);
  let first = true;
  const attributes = new Map<string, ExportPoint['attributes']>();
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    for (const p of page) if (p.code) attributes.set(p.id, p.attributes);
    await sink.write((first ? '' : ',\n') + page.map((p) => feature(p, g)).join(',\n'));
    first = false;
  }
  const lines = attributes.size ? ((await linework())?.lines ?? []) : [];
  if (lines.length) {
    const codeOf = (l: (typeof lines)[number]) => Object.entries(attributes.get(l.vertices[0]!.pointId) ?? {}).find(([code]) => code.toUpperCase() === l.code.toUpperCase())?.[1];
    await sink.write((first ? '' : ',\n') + lines.map((l) => lineFeature(l, codeOf(l))).join(',\n'));
  }
  await sink.write('\n]}\n');
}
