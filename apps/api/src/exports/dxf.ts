import Drawing from 'dxf-writer';
import { FIX_TYPE_LABELS, type LiveFixType } from '@smi/contracts';
import type { ExportContext, ExportLinework } from './context.js';
import { compileCodeList, parseCodeString } from '@smi/feature-codes';
import type { LineworkLine } from '@smi/contracts';

type Vertex = LineworkLine['vertices'][number];
import { EntityWriter } from './dxf-entities.js';
import type { StoredPosition } from '@smi/geodesy';
import { pointCoordinates } from '../crs/project-geodesy.js';
import { measured, precisionLine } from './precision-fields.js';
import type { DesignExport } from '../design/export-data.js';

/** Characters AutoCAD refuses in a layer name. */
const LAYER_FORBIDDEN = /[<>/\\":;?*|=,`\p{Cc}]/gu;
const COLORS = [1, 2, 3, 4, 5, 6]; // ACI red, yellow, green, cyan, blue, magenta
/** Handles reserved for entities after the tables: 8 million points, far beyond any survey. */
const ENTITY_HANDLES = 0x1000000;

/** One DXF layer per section; names made legal and unique (AutoCAD compares them case-insensitively). */
export function layerNames(sections: string[]): Map<string, string> {
  const taken = new Set(['0']);
  const names = new Map<string, string>();
  for (const section of sections) {
    const base = section.replace(LAYER_FORBIDDEN, '_').trim().slice(0, 200) || '_';
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    taken.add(name.toLowerCase());
    names.set(section, name);
  }
  return names;
}

/**
 * The layers of a project's codes (each code's layer, in its colour as 0xRRGGBB) and the layer of a point by its
 * code string: the layer of its first code; null for an uncoded point or a code the list lacks (its section's layer).
 */
function codeLayersOf(linework: ExportLinework | null, sectionLayers: Map<string, string>) {
  const byCode = new Map((linework?.list.codes ?? []).map((c) => [c.code.toUpperCase(), c] as const));
  const compiled = linework ? compileCodeList(linework.list) : null;
  const cache = new Map<string, string | null>();
  const ofPoint = (code: string): string | null => {
    if (!code || !compiled) return null;
    let layer = cache.get(code);
    if (layer === undefined) {
      const parsed = parseCodeString(code, compiled);
      layer = parsed.ok && parsed.codes[0] ? (byCode.get(parsed.codes[0].code.code.toUpperCase())?.layer ?? null) : null;
      cache.set(code, layer);
    }
    return layer;
  };
  // only the layers the drawing uses: those of its lines and of its points' first codes
  const colours = new Map<string, number>();
  const sections = new Set([...sectionLayers.values()].map((n) => n.toLowerCase()));
  const use = (layer: string, colour: string) => {
    if (!sections.has(layer.toLowerCase()) && !colours.has(layer)) colours.set(layer, parseInt(colour.slice(1), 16));
  };
  for (const l of linework?.lines ?? []) use(l.layer, l.colour);
  for (const code of linework?.codeStrings ?? []) {
    const layer = ofPoint(code);
    const c = layer && [...byCode.values()].find((x) => x.layer === layer);
    if (c) use(c.layer, c.colour);
  }
  return { colours, ofPoint };
}

/** Degrees of arc per segment when an arc is drawn as a 3D polyline (a POLYLINE 3D has no bulges). */
const ARC_STEP = Math.PI / 36;

/**
 * A line's vertices for a POLYLINE 3D: each arc segment (a bulge) replaced by points on its circle every 5 degrees or
 * less, heights interpolated along it; measured vertices stay as they are. A height not known is 0.
 */
export function densified(vertices: readonly Pick<Vertex, 'e' | 'n' | 'h' | 'bulge'>[], closed: boolean): { x: number; y: number; z: number }[] {
  const out: { x: number; y: number; z: number }[] = [];
  vertices.forEach((v, i) => {
    const z0 = v.h ?? 0;
    out.push({ x: v.e, y: v.n, z: z0 });
    const next = vertices[i + 1] ?? (closed ? vertices[0] : undefined);
    if (!next || v.bulge === 0) return;
    const theta = 4 * Math.atan(v.bulge);
    const dx = next.e - v.e;
    const dy = next.n - v.n;
    const chord = Math.hypot(dx, dy);
    if (chord === 0) return;
    // the centre is left of the chord for a counter-clockwise arc (positive bulge), at chord/2 / tan(theta/2)
    const d = chord / 2 / Math.tan(theta / 2);
    const cx = (v.e + next.e) / 2 - (dy / chord) * d;
    const cy = (v.n + next.n) / 2 + (dx / chord) * d;
    const r = Math.hypot(v.e - cx, v.n - cy);
    const a0 = Math.atan2(v.n - cy, v.e - cx);
    const steps = Math.max(2, Math.ceil(Math.abs(theta) / ARC_STEP));
    const z1 = next.h ?? 0;
    for (let k = 1; k < steps; k++) {
      const a = a0 + (theta * k) / steps;
      out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a), z: z0 + ((z1 - z0) * k) / steps });
    }
  });
  return out;
}

/** TEXT is one line; "%%" starts an AutoCAD control code (%%d, %%u...), "%%%" is a literal percent sign. */
export function dxfText(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(/%%/g, '%%%%%%');
}

/**
 * The point's quality as a CAD user reads it under its name (decision 017): the fix type and the receiver's
 * horizontal estimate, 'RTK float %%p0.380 m' (%%p is the DXF TEXT code for ±, whatever the reader's code page: GDAL
 * and CAD show 'RTK float ±0.380 m'); null when the point carries no fix type.
 */
export function qualityLabel(p: { fixType: string | null; horizontalAccuracy: number | null }): string | null {
  const fix = p.fixType === null ? undefined : FIX_TYPE_LABELS[p.fixType as LiveFixType];
  if (!fix) return null;
  return p.horizontalAccuracy === null ? fix : `${fix} %%p${p.horizontalAccuracy.toFixed(3)} m`;
}

/** Where a point goes in the drawing: x, y in the drawing's unit and its elevation z; null when it cannot be placed. */
type Placer = (p: StoredPosition) => { x: number; y: number; z: number } | null;

/**
 * The drawing's coordinates: the project's grid (its default without a CRS, decision 039), calibrated when it has a
 * calibration, with Z its height in the CRS unit (0 only for a point whose height is not known).
 */
function placerOf(ctx: ExportContext): { place: Placer; insunits: number } | null {
  const g = ctx.geodesy;
  if (!g) return null;
  return {
    insunits: INSUNITS[g.transform.unit],
    place: (p) => {
      const c = pointCoordinates(g, p);
      return c ? { x: c.easting, y: c.northing, z: c.height ?? 0 } : null;
    },
  };
}

/**
 * What the drawing's coordinates are, as a DXF comment (group 999) before the header: AutoCAD and GDAL skip it, a
 * person opening the file reads it.
 */
function crsComment({ geodesy: g }: ExportContext): string {
  if (!g) return '';
  const l = g.labels;
  const calibration = l.calibrationVersion === null ? '' : `, site calibration v${l.calibrationVersion}`;
  return `999\nCoordinates: ${dxfText(l.crsLabel)} (${l.unitLabel})${calibration}; Z: height ${l.heightName}, ${l.heightUnitSymbol}\n`;
}

/** $INSUNITS: 6 metres, 2 feet, 21 US survey feet (AutoCAD 2010 and later), 0 unitless (a geographic CRS). */
const INSUNITS = { metre: 6, foot: 2, 'US survey foot': 21, degree: 0 } as const;

/** Label height in drawing units: readable against the spread of the points, within sane bounds. */
function extentOf({ stats }: ExportContext, place: Placer) {
  const b = stats.bbox!;
  const corners = [
    [b.minLon, b.minLat],
    [b.minLon, b.maxLat],
    [b.maxLon, b.minLat],
    [b.maxLon, b.maxLat],
  ]
    .map(([longitude, latitude]) => place({ latitude: latitude!, longitude: longitude!, ellipsoidalHeight: null, altitude: null, geoidSeparation: null }))
    .filter((c) => c !== null);
  if (!corners.length) return null;
  const es = corners.map((c) => c.x);
  const ns = corners.map((c) => c.y);
  const min = { x: Math.min(...es), y: Math.min(...ns) };
  const max = { x: Math.max(...es), y: Math.max(...ns) };
  const diagonal = Math.hypot(max.x - min.x, max.y - min.y);
  const textHeight = Math.round(Math.min(5, Math.max(0.05, diagonal / 250)) * 100) / 100;
  return { min, max, textHeight };
}

/**
 * DXF in the project's grid units (or UTM metres without a CRS; placerOf): a POINT and a TEXT label per point (both at
 * the point's elevation), on the layer of its section, and a smaller TEXT under it with the fix type and ± when the point has a fix type. The header, tables and objects come from a dxf-writer Drawing; the entities are written page by page.
 */
export async function writeDxf(ctx: ExportContext) {
  const { sink, repo, project } = ctx;
  const sections = await repo.sectionsOf(project);
  const layers = layerNames(sections);
  const drawing = new Drawing();
  const placer = ctx.stats.bbox ? placerOf(ctx) : null;
  // design data (asked for) goes on a layer of its own, named apart from every section's
  const design = ctx.design && (ctx.design.points.length || ctx.design.lines.length) ? ctx.design : null;
  const designLayer = design ? layerNames([...sections, DESIGN_LAYER]).get(DESIGN_LAYER)! : null;
  const designUnits = design && ctx.geodesy ? INSUNITS[ctx.geodesy.transform.unit] : INSUNITS.metre;
  drawing.header('INSUNITS', [[70, placer?.insunits ?? designUnits]]);
  [...layers.values()].forEach((name, i) => drawing.addLayer(name, COLORS[i % COLORS.length]!, 'CONTINUOUS'));
  if (designLayer) drawing.addLayer(designLayer, DESIGN_COLOUR, 'CONTINUOUS');
  // one layer per code layer of the project's list, in the code's colour; a coded point goes on its first code's
  const linework = placer ? await ctx.linework() : null;
  const codeLayers = codeLayersOf(linework, layers);
  for (const [name, colour] of codeLayers.colours) {
    drawing.addLayer(name, 7, 'CONTINUOUS');
    drawing.setActiveLayer(name);
    drawing.setTrueColor(colour);
  }
  drawing.setActiveLayer('0');
  const extent = placer ? extentOf(ctx, placer.place) : null;
  if (extent) {
    const pad = extent.textHeight * 10;
    drawing.header('EXTMIN', [[10, extent.min.x - pad], [20, extent.min.y - pad], [30, 0]]);
    drawing.header('EXTMAX', [[10, extent.max.x + pad], [20, extent.max.y + pad], [30, 0]]);
  }

  const skeleton = drawing.toDxfString();
  const emptyEntities = '0\nSECTION\n2\nENTITIES\n0\nENDSEC\n';
  const at = skeleton.lastIndexOf(emptyEntities);
  const seedMatch = /\n\$HANDSEED\n5\n([0-9A-F]+)\n/.exec(skeleton);
  if (at < 0 || !seedMatch) throw new Error('dxf-writer produced an unexpected layout');
  const firstHandle = parseInt(seedMatch[1]!, 16);
  const head = crsComment(ctx) + skeleton
    .slice(0, at + '0\nSECTION\n2\nENTITIES\n'.length)
    .replace(seedMatch[0], `\n$HANDSEED\n5\n${(firstHandle + ENTITY_HANDLES).toString(16).toUpperCase()}\n`);
  await sink.write(head);

  const entities = new EntityWriter(firstHandle, (drawing as unknown as { modelSpace: { handle: string } }).modelSpace.handle);
  if (placer && extent) {
    const offset = extent.textHeight * 0.4;
    for await (const page of repo.pages(project.id)) {
      if (!sink.alive) return;
      for (const p of page) {
        const at = placer.place(p);
        if (!at) continue; // outside the CRS (or its grid): the csv keeps its lat/lon, a drawing has nowhere to put it
        const { x: easting, y: northing } = at;
        const layer = codeLayers.ofPoint(p.code) ?? layers.get(p.section) ?? '0';
        entities.point(easting, northing, at.z, layer);
        entities.text(easting + offset, northing + offset, at.z, extent.textHeight, dxfText(p.name), layer);
        const quality = qualityLabel(p);
        if (quality) entities.text(easting + offset, northing - offset - extent.textHeight * 0.7, at.z, extent.textHeight * 0.7, quality, layer);
        // a point the server measured: its method, epochs, sigmas, PDOP and fix share on a third line (decision 016)
        if (measured(p.precision)) {
          entities.text(easting + offset, northing - offset - extent.textHeight * 1.6, at.z, extent.textHeight * 0.7, dxfText(precisionLine(p.precision)), layer);
        }
      }
      await sink.write(entities.flush());
    }
    for (const line of linework?.lines ?? []) {
      const colour = parseInt(line.colour.slice(1), 16);
      if (line.threeD) entities.polyline3d(densified(line.vertices, line.closed), line.closed, line.layer, colour);
      else entities.lwpolyline(line.vertices.map((v) => ({ x: v.e, y: v.n, bulge: v.bulge })), line.closed, line.layer, colour);
    }
    await sink.write(entities.flush());
  }
  if (design && designLayer) {
    writeDesign(entities, design, designLayer, extent?.textHeight ?? designTextHeight(design));
    await sink.write(entities.flush());
  }
  await sink.write(skeleton.slice(at + '0\nSECTION\n2\nENTITIES\n'.length));
}

/** The layer design points and lines are drawn on, in ACI magenta: apart from the measured points of every section. */
export const DESIGN_LAYER = 'DESIGN';
const DESIGN_COLOUR = 6;
const MAGENTA = 0xff00ff;

/** Label height for a drawing of design data only: as for measured points, from the spread of the design. */
function designTextHeight(d: DesignExport): number {
  const all = [...d.points, ...d.lines.flatMap((l) => l.vertices)];
  const es = all.map((p) => p.e);
  const ns = all.map((p) => p.n);
  const diagonal = Math.hypot(Math.max(...es) - Math.min(...es), Math.max(...ns) - Math.min(...ns));
  return Math.round(Math.min(5, Math.max(0.05, diagonal / 250)) * 100) / 100;
}

/**
 * Design points as POINT + TEXT (their name) at their elevation (0 when a 2D point has none); design lines as a
 * LWPOLYLINE with their bulges, or a POLYLINE 3D (arcs as short segments) when every vertex has an elevation.
 */
function writeDesign(entities: EntityWriter, d: DesignExport, layer: string, textHeight: number) {
  const offset = textHeight * 0.4;
  for (const p of d.points) {
    entities.point(p.e, p.n, p.h ?? 0, layer);
    entities.text(p.e + offset, p.n + offset, p.h ?? 0, textHeight, dxfText(p.name), layer);
  }
  for (const l of d.lines) {
    if (l.vertices.every((v) => v.h !== null)) entities.polyline3d(densified(l.vertices, l.closed), l.closed, layer, MAGENTA);
    else entities.lwpolyline(l.vertices.map((v) => ({ x: v.e, y: v.n, bulge: v.bulge })), l.closed, layer, MAGENTA);
  }
}
