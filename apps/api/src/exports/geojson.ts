import { receiverMslHeight } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportPoint } from './repository.js';
import type { ExportContext } from './context.js';
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
export async function writeGeoJson({ sink, repo, project, geodesy: g }: ExportContext) {
  const head = JSON.stringify({ type: 'FeatureCollection', name: project.name, description: project.description, projectCoordinates: projectCoordinatesMember(g) });
  await sink.write(`${head.slice(0, -1)},"features":[\n`);
  let first = true;
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write((first ? '' : ',\n') + page.map((p) => feature(p, g)).join(',\n'));
    first = false;
  }
  await sink.write('\n]}\n');
}
