import type { ExportContext, ExportLinework } from './context.js';
import { xmlText } from './kml.js';
import { pointCoordinates } from '../crs/project-geodesy.js';
import type { DesignExport } from '../design/export-data.js';

const LINEAR_UNIT: Record<string, { element: 'Metric' | 'Imperial'; unit: string }> = {
  metre: { element: 'Metric', unit: 'meter' },
  'US survey foot': { element: 'Imperial', unit: 'USSurveyFoot' },
  foot: { element: 'Imperial', unit: 'foot' },
};

const UNITS = {
  Metric: 'areaUnit="squareMeter" volumeUnit="cubicMeter" temperatureUnit="celsius" pressureUnit="milliBars"',
  Imperial: 'areaUnit="squareFoot" volumeUnit="cubicFeet" temperatureUnit="fahrenheit" pressureUnit="inHG"',
};

const fmt = (v: number) => (Math.round(v * 10000) / 10000).toString();

/** The point's collection Feature: who measured it and its fix type, each when known. */
function collection(p: { collectedBy: string | null; fixType: string | null }): string {
  const props = [
    p.collectedBy ? `<Property label="collected_by" value="${xmlText(p.collectedBy)}"/>` : '',
    p.fixType ? `<Property label="fix_type" value="${xmlText(p.fixType)}"/>` : '',
  ].join('');
  return props ? `<Feature name="collection">${props}</Feature>` : '';
}

/**
 * LandXML 1.2: Units, CoordinateSystem (EPSG code, WKT), Project, Application and one CgPoints holding every point
 * as "northing easting [elevation]" (northing first, as the schema says) in the project's CRS (else its default,
 * decision 039), with code (the point's type) and desc (its name) both filled, as Trimble Business Center and Civil 3D
 * read them. Point names must be unique in CgPoints: a repeated name gets " (2)", " (3)"...
 * The linework (decision 057) follows as PlanFeatures "Linework" (decision 068).
 */
export async function writeLandXml(ctx: ExportContext) {
  const { sink, repo, project, now } = ctx;
  const g = ctx.geodesy;
  const unit = g && g.transform.unit !== 'degree' ? LINEAR_UNIT[g.transform.unit]! : LINEAR_UNIT.metre!;
  const date = now.toISOString().slice(0, 10);
  const time = now.toISOString().slice(11, 19);
  const crs = g?.transform.crs;
  await sink.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<LandXML xmlns="http://www.landxml.org/schema/LandXML-1.2" version="1.2" date="${date}" time="${time}">\n` +
      `  <Units><${unit.element} linearUnit="${unit.unit}" ${UNITS[unit.element]} angularUnit="decimal degrees" directionUnit="decimal degrees"/></Units>\n` +
      (crs
        ? `  <CoordinateSystem name="${xmlText(crs.name)}" epsgCode="${crs.code}" ogcWktCode="${xmlText(crs.wkt)}"` +
          ` verticalDatum="${xmlText(g!.labels.heightLabel)}" horizontalCoordinateSystemName="${xmlText(crs.name)}"` +
          ` verticalCoordinateSystemName="${xmlText(g!.labels.heightName)}"/>\n`
        : '') +
      `  <Project name="${xmlText(project.name)}"${project.description ? ` desc="${xmlText(project.description)}"` : ''}/>\n` +
      '  <Application name="Site Measurement IoT" manufacturer="Site Measurement IoT" version="1"/>\n' +
      `  <CgPoints name="${xmlText(project.name)}">\n`,
  );
  const seen = new Map<string, number>();
  // each coded or joinable point's CgPoint name, for the linework's pntRef (every point: a join may name an uncoded one)
  const cgName = new Map<string, string>();
  let coded = false;
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    let out = '';
    for (const p of page) {
      const c = g ? pointCoordinates(g, p) : null;
      if (!c) continue;
      const k = (seen.get(p.name) ?? 0) + 1;
      seen.set(p.name, k);
      const name = k === 1 ? p.name : `${p.name} (${k})`;
      cgName.set(p.id, name);
      if (p.code) coded = true;
      const coords = `${fmt(c.northing)} ${fmt(c.easting)}${c.height === null ? '' : ` ${fmt(c.height)}`}`;
      out +=
        // code: the feature code string a CAD field-to-finish reads (decision 057), the point's type when it has none
        `    <CgPoint name="${xmlText(name)}" code="${xmlText(p.code || p.type)}" desc="${xmlText(p.name)}" timeStamp="${p.recordedAt.toISOString().slice(0, 19)}"` +
        ` latitude="${p.latitude}" longitude="${p.longitude}"${c.ellipsoidalHeight === null ? '' : ` ellipsoidHeight="${fmt(c.ellipsoidalHeight)}"`}>${coords}` +
        // who measured it and with what fix, as a Feature of the point (after the coordinates, which stay the point's
        // text): the code attribute is the feature code alone
        `${collection(p)}</CgPoint>\n`;
    }
    await sink.write(out);
  }
  await sink.write('  </CgPoints>\n');
  if (coded && sink.alive) {
    const linework = await ctx.linework();
    if (linework?.lines.length) await sink.write(lineworkXml(linework.lines, cgName));
  }
  if (ctx.design) await sink.write(designXml(ctx.design, seen));
  await sink.write('</LandXML>\n');
}

/**
 * The measured linework as PlanFeatures "Linework": a PlanFeature per line or polygon, named by its code and string
 * (unique: a repeat gets " (2)"), its code as code and its layer as desc, a CoordGeom of Line pieces and Curve pieces
 * (each bulge's arc: its Center, radius and rotation) from vertex to vertex, a closed figure's closing piece last.
 * Every Start and End names its CgPoint (pntRef) and carries its coordinate, so a reader that ignores references draws
 * the same thing.
 */
function lineworkXml(lines: ExportLineworkLine[], cgName: Map<string, string>): string {
  const names = new Map<string, number>();
  let out = '  <PlanFeatures name="Linework">\n';
  for (const l of lines) {
    if (l.vertices.length < 2) continue;
    const base = `${l.code}${l.string}${l.join ? ' join' : ''}`;
    const k = (names.get(base) ?? 0) + 1;
    names.set(base, k);
    const name = k === 1 ? base : `${base} (${k})`;
    out += `    <PlanFeature name="${xmlText(name)}" code="${xmlText(l.code)}" desc="${xmlText(l.layer)}">\n      <CoordGeom>\n`;
    const v = l.vertices.map((x) => ({ e: x.e, n: x.n, h: x.h, bulge: x.bulge, ref: cgName.get(x.pointId) }));
    const pieces = l.closed && v.length >= 3 ? v.length : v.length - 1;
    for (let i = 0; i < pieces; i++) out += piece(v[i]!, v[(i + 1) % v.length]!);
    out += '      </CoordGeom>\n    </PlanFeature>\n';
  }
  return `${out}  </PlanFeatures>\n`;
}

/** "northing easting [elevation]", as CgPoint text and a CoordGeom's Start/End are written. */
const nez = (v: { n: number; e: number; h: number | null }) => `${fmt(v.n)} ${fmt(v.e)}${v.h === null ? '' : ` ${fmt(v.h)}`}`;

/**
 * The design asked for (`?design=1`): a CgPoints named "Design" (code and layer as code and desc) after the measured
 * points, names kept unique across both (a clash gets " (2)"), and each design line as a PlanFeature of
 * PlanFeatures "Design": a CoordGeom of Line and Curve pieces (a bulge's arc: its Center, radius and rotation).
 */
function designXml(d: DesignExport, seen: Map<string, number>): string {
  let out = '  <CgPoints name="Design">\n';
  for (const p of d.points) {
    const k = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, k);
    const name = k === 1 ? p.name : `${p.name} (${k})`;
    out += `    <CgPoint name="${xmlText(name)}"${p.code ? ` code="${xmlText(p.code)}"` : ''}${p.layer ? ` desc="${xmlText(p.layer)}"` : ''}>${nez(p)}</CgPoint>\n`;
  }
  out += '  </CgPoints>\n';
  if (!d.lines.length) return out;
  out += '  <PlanFeatures name="Design">\n';
  for (const l of d.lines) {
    out += `    <PlanFeature name="${xmlText(l.name)}"${l.layer ? ` desc="${xmlText(l.layer)}"` : ''}${l.code ? ` code="${xmlText(l.code)}"` : ''}>\n      <CoordGeom>\n`;
    const v = l.vertices;
    const pieces = l.closed ? v.length : v.length - 1;
    for (let i = 0; i < pieces; i++) out += piece(v[i]!, v[(i + 1) % v.length]!);
    out += '      </CoordGeom>\n    </PlanFeature>\n';
  }
  return `${out}  </PlanFeatures>\n`;
}

type V = Pick<DesignExport['lines'][number]['vertices'][number], 'e' | 'n' | 'h' | 'bulge'> & { ref?: string | undefined };
type ExportLineworkLine = ExportLinework['lines'][number];

const ref = (v: V) => (v.ref === undefined ? '' : ` pntRef="${xmlText(v.ref)}"`);

function piece(a: V, b: V): string {
  const ends = `<Start${ref(a)}>${nez(a)}</Start><End${ref(b)}>${nez(b)}</End>`;
  const chord = Math.hypot(b.e - a.e, b.n - a.n);
  if (a.bulge === 0 || chord === 0) return `        <Line>${ends}</Line>\n`;
  // the centre is left of the chord for a counter-clockwise arc (positive bulge), at chord/2 / tan(sweep/2)
  const sweep = 4 * Math.atan(a.bulge);
  const d = chord / 2 / Math.tan(sweep / 2);
  const c = { e: (a.e + b.e) / 2 - ((b.n - a.n) / chord) * d, n: (a.n + b.n) / 2 + ((b.e - a.e) / chord) * d };
  const radius = Math.hypot(a.e - c.e, a.n - c.n);
  return `        <Curve rot="${sweep > 0 ? 'ccw' : 'cw'}" radius="${fmt(radius)}" length="${fmt(radius * Math.abs(sweep))}">${ends.replace('</Start>', `</Start><Center>${fmt(c.n)} ${fmt(c.e)}</Center>`)}</Curve>\n`;
}
