import { egm96Grid, undulation } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportPoint } from './repository.js';
import type { ExportContext, ExportLinework } from './context.js';
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

const deg = (v: number) => Math.round(v * 1e9) / 1e9;
const mm = (v: number) => Math.round(v * 1000) / 1000;

/**
 * KML's absolute altitude is above sea level (KML 2.2, altitudeMode), which Google Earth takes as EGM96: the
 * point's EGM96 height. The project's grid easting, northing and height are Data fields, with their CRS and height
 * reference named in the document's description and in each placemark's fields.
 */
function placemark(p: ExportPoint, g: ProjectGeodesy | null): string {
  const c = g && pointCoordinates(g, p);
  const h = c?.ellipsoidalHeight ?? null;
  const altitude = egm96Height(p, h);
  const gridValue = (v: number) => (g?.transform.unit === 'degree' ? deg(v) : mm(v));
  const rows: [string, string | number | null][] = [
    ['easting', c ? gridValue(c.easting) : null],
    ['northing', c ? gridValue(c.northing) : null],
    ['height', c?.height != null ? mm(c.height) : null],
    ['crs', g ? `EPSG:${g.labels.crsCode}` : null],
    ['heightReference', g ? g.labels.heightName : null],
    ['section', p.section],
    ['accuracy', p.accuracy],
    ['device', p.device],
    ['timestamp', p.recordedAt.toISOString()],
    ['fixType', p.fixType],
    ['satellites', p.satellites],
    ['hdop', p.hdop === null ? null : Number(p.hdop.toFixed(2))],
    ['horizontalAccuracy', p.horizontalAccuracy],
    ['verticalAccuracy', p.verticalAccuracy],
    ['altitude', p.altitude],
    ['ellipsoidalHeight', h === null ? null : mm(h)],
    ['geoidSeparation', p.geoidSeparation],
    ['egm96Height', altitude],
    // how it was measured and how well
    ...Object.entries(precisionProperties(p.precision)),
    ['photos', p.photos.join(' | ')],
    ['collected_by', p.collectedBy],
  ];
  const data = rows
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `<Data name="${k}"><value>${xmlText(String(v))}</value></Data>`)
    .join('');
  const coordinates = `${deg(p.longitude)},${deg(p.latitude)}${altitude === null ? '' : `,${altitude}`}`;
  return (
    `    <Placemark id="p-${p.id}"><name>${xmlText(p.name)}</name>` +
    `<TimeStamp><when>${p.recordedAt.toISOString()}</when></TimeStamp>` +
    `<ExtendedData>${data}</ExtendedData>` +
    `<Point>${altitude === null ? '' : '<altitudeMode>absolute</altitudeMode>'}<coordinates>${coordinates}</coordinates></Point></Placemark>\n`
  );
}

/** H above EGM96 (h - N of the built-in model), metres to the millimetre; null without h. */
function egm96Height(p: ExportPoint, h: number | null): number | null {
  if (h === null) return null;
  try {
    return mm(h - undulation(egm96Grid(), p.latitude, p.longitude));
  } catch {
    return null;
  }
}

/** The document's description: the project's, then what the coordinates are in. */
function describe(project: ExportContext['project'], g: ProjectGeodesy | null): string {
  const l = g?.labels;
  const grid = l ? ` Data easting/northing: ${l.crsLabel} (${l.unitLabel}); height: ${l.heightName}, ${l.heightUnitSymbol}.` : '';
  return `${project.description ? `${project.description}\n` : ''}Positions: WGS 84; altitude above EGM96 (metres).${grid}`;
}

/** KML 2.2: one Folder per section (every section of the project, even an empty one), Placemarks in time order. */
/** KML colours are aabbggrr: the code's #RRGGBB, opaque. */
const kmlColour = (hex: string) => `ff${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`.toLowerCase();

/**
 * A line or polygon of the linework (decision 057) on the ground through its measured points, in its code's colour,
 * with its code, layer and kind as Data fields.
 */
function linePlacemark(l: ExportLinework['lines'][number]): string {
  const coords = l.vertices.map((v) => `${v.longitude},${v.latitude}`);
  const polygon = l.closed && coords.length >= 3;
  const geometry = polygon
    ? `<Polygon><outerBoundaryIs><LinearRing><coordinates>${[...coords, coords[0]].join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon>`
    : `<LineString><coordinates>${coords.join(' ')}</coordinates></LineString>`;
  const data = { code: l.code, string: l.string, kind: l.kind, layer: l.layer, colour: l.colour, join: String(l.join) };
  return (
    `    <Placemark><name>${xmlText(l.code + l.string)}</name>` +
    `<Style><LineStyle><color>${kmlColour(l.colour)}</color><width>2</width></LineStyle><PolyStyle><color>40${kmlColour(l.colour).slice(2)}</color></PolyStyle></Style>` +
    `<ExtendedData>${Object.entries(data).map(([k, v]) => `<Data name="${k}"><value>${xmlText(v)}</value></Data>`).join('')}</ExtendedData>` +
    `${geometry}</Placemark>\n`
  );
}

export async function writeKml({ sink, repo, project, geodesy: g, linework }: ExportContext) {
  await sink.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n' +
      `  <name>${xmlText(project.name)}</name>\n` +
      `  <description>${xmlText(describe(project, g))}</description>\n`,
  );
  for (const section of await repo.sectionsOf(project)) {
    await sink.write(`  <Folder><name>${xmlText(section)}</name>\n`);
    for await (const page of repo.pages(project.id, section)) {
      if (!sink.alive) return;
      await sink.write(page.map((p) => placemark(p, g)).join(''));
    }
    await sink.write('  </Folder>\n');
  }
  const lines = (await linework())?.lines ?? [];
  if (lines.length) await sink.write(`  <Folder><name>Linework</name>\n${lines.map(linePlacemark).join('')}  </Folder>\n`);
  await sink.write('</Document>\n</kml>\n');
}
