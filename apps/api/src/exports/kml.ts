import { ellipsoidalHeight, heightAboveMsl } from './heights.js';
import type { ExportPoint } from './repository.js';
import type { ExportContext } from './context.js';
import { precisionProperties } from './precision-fields.js';

/** XML 1.0 forbids most control characters and lone surrogates even when escaped: they are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** KML's absolute altitude is above sea level (KML 2.2, altitudeMode): the point's height above MSL (decision 017). */
function placemark(p: ExportPoint): string {
  const msl = heightAboveMsl(p);
  const rows: [string, string | number | null][] = [
    ['section', p.section],
    ['accuracy', p.accuracy],
    ['device', p.device],
    ['timestamp', p.recordedAt.toISOString()],
    ['fixType', p.fixType],
    ['satellites', p.satellites],
    ['hdop', p.hdop],
    ['horizontalAccuracy', p.horizontalAccuracy],
    ['verticalAccuracy', p.verticalAccuracy],
    ['altitude', p.altitude],
    ['ellipsoidalHeight', ellipsoidalHeight(p)],
    ['geoidSeparation', p.geoidSeparation],
    ['heightAboveMsl', msl],
    // how it was measured and how well
    ...Object.entries(precisionProperties(p.precision)),
  ];
  const data = rows
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `<Data name="${k}"><value>${xmlText(String(v))}</value></Data>`)
    .join('');
  const coordinates = `${p.longitude},${p.latitude}${msl === null ? '' : `,${msl}`}`;
  return (
    `    <Placemark id="p-${p.id}"><name>${xmlText(p.name)}</name>` +
    `<TimeStamp><when>${p.recordedAt.toISOString()}</when></TimeStamp>` +
    `<ExtendedData>${data}</ExtendedData>` +
    `<Point>${msl === null ? '' : '<altitudeMode>absolute</altitudeMode>'}<coordinates>${coordinates}</coordinates></Point></Placemark>\n`
  );
}

/** KML 2.2: one Folder per section (every section of the project, even an empty one), Placemarks in time order. */
export async function writeKml({ sink, repo, project }: ExportContext) {
  await sink.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n' +
      `  <name>${xmlText(project.name)}</name>\n` +
      (project.description ? `  <description>${xmlText(project.description)}</description>\n` : ''),
  );
  for (const section of await repo.sectionsOf(project)) {
    await sink.write(`  <Folder><name>${xmlText(section)}</name>\n`);
    for await (const page of repo.pages(project.id, section)) {
      if (!sink.alive) return;
      await sink.write(page.map(placemark).join(''));
    }
    await sink.write('  </Folder>\n');
  }
  await sink.write('</Document>\n</kml>\n');
}
