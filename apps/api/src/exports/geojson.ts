import { ellipsoidalHeight, heightAboveMsl } from './heights.js';
import type { ExportPoint } from './repository.js';
import type { ExportContext } from './context.js';
import { precisionProperties } from './precision-fields.js';

/**
 * RFC 7946 Point: [longitude, latitude, h] where h is the height above the WGS 84 ellipsoid (section 3.1.1), when
 * the point's ellipsoidal height is known (decision 017); never the height above sea level, which sits in the
 * properties (heightAboveMsl).
 */
function feature(p: ExportPoint): string {
  const h = ellipsoidalHeight(p);
  const coordinates = h === null ? [p.longitude, p.latitude] : [p.longitude, p.latitude, h];
  return JSON.stringify({
    type: 'Feature',
    id: p.id,
    geometry: { type: 'Point', coordinates },
    properties: {
      name: p.name,
      type: p.type,
      section: p.section,
      accuracy: p.accuracy,
      device: p.device,
      timestamp: p.recordedAt.toISOString(),
      fixType: p.fixType,
      satellites: p.satellites,
      hdop: p.hdop,
      horizontalAccuracy: p.horizontalAccuracy,
      verticalAccuracy: p.verticalAccuracy,
      altitude: p.altitude,
      ellipsoidalHeight: h,
      geoidSeparation: p.geoidSeparation,
      heightAboveMsl: heightAboveMsl(p),
      // how it was measured and how well (null where the server did not measure it)
      ...precisionProperties(p.precision),
      warnings: p.precision.warnings,
    },
  });
}

/** A FeatureCollection written feature by feature; the project rides along as a foreign member. */
export async function writeGeoJson({ sink, repo, project }: ExportContext) {
  const head = JSON.stringify({ type: 'FeatureCollection', name: project.name, description: project.description });
  await sink.write(`${head.slice(0, -1)},"features":[\n`);
  let first = true;
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write((first ? '' : ',\n') + page.map(feature).join(',\n'));
    first = false;
  }
  await sink.write('\n]}\n');
}
