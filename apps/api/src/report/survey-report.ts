import { once } from 'node:events';
import { FIX_TYPE_LABELS, type FixType } from '@smi/contracts';
import { formatGrid } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { CellWriter, type CellSpec } from '../exports/pdf-cells.js';
import { crsLine, crsSummaryRows } from '../exports/pdf-crs.js';
import { streamingPdf } from '../exports/pdf-document.js';
import type { ReportFonts } from '../exports/pdf-fonts.js';
import { writePlan } from '../exports/pdf-plan.js';
import { MARGIN, say, utcTime } from '../exports/pdf-summary.js';
import type { Position } from '../exports/repository.js';
import type { ResponseSink } from '../exports/sink.js';
import type { ReportCode, ReportData, ReportEvidence, ReportHistory, ReportPhoto, ReportPosition, ReportSetup } from './report-data.js';

const DASH = '-';
const num = (v: number | null | undefined, digits: number, unit = '') => (v === null || v === undefined ? DASH : `${v.toFixed(digits)}${unit}`);
const deg = (v: number) => v.toFixed(8);
const fixLabel = (t: string | null) => (t ? (FIX_TYPE_LABELS[t as FixType] ?? t) : DASH);
const A4_PORTRAIT = { size: 'A4', layout: 'portrait', margin: MARGIN } as const;
const A4_LANDSCAPE = { size: 'A4', layout: 'landscape', margin: MARGIN } as const;
const FONT_SIZE = 7.2;
const ROW_H = 10.5;
/** A long point name or code wraps onto at most this many lines of its row. */
const NAME_LINES = 3;

export interface SurveyReportInput {
  sink: ResponseSink;
  data: ReportData;
  projectId: string;
  ownerId: string;
  now: Date;
  /** The project's coordinates (decision 039): every grid value of the report comes from it. */
  geodesy: ProjectGeodesy | null;
  /** What the plan draws: the points' positions a page at a time, and the project's sections. */
  plan: { positions: AsyncIterable<Position[]>; sections: string[] };
  /** A photo's thumbnail by its storage key (decision 067), null when its file is missing. */
  thumbnail: (storageKey: string) => Promise<Buffer | null>;
}

/**
 * The survey report (decision 052): what a client receives as the evidence of a survey. A cover (project, surveyor,
 * dates, coordinate system and heights, the base setups in force, the precision summary), the plan of the points in
 * the project's grid, every base setup with its history, the coordinates table (grid E/N/H first, then latitude and
 * longitude), the evidence of each point (method, fix, epochs, sigmas, PDOP, corrections age, antenna, base
 * setup, warnings, re-computations), the legend of the feature codes used and the photos' thumbnails (decision 076). Every grid value comes from the one project-coordinate function. Pages are
 * written out as the points are read; the tables write their rows as raw text operators (CellWriter).
 */
export async function writeSurveyReport(o: SurveyReportInput) {
  const { data, sink, geodesy: g } = o;
  const project = (await data.project(o.ownerId, o.projectId))!;
  const [dates, setups, ages, history, summary, devices, recorders, frameChanges, used] = await Promise.all([
    data.dates(project.id),
    data.setups(project.id),
    data.correctionAges(project.id),
    data.history(project.id),
    data.summary(project.id),
    data.devices(project.id),
    data.recorders(project.id),
    data.frameChanges(project.id),
    data.codesUsed(o.ownerId, project.id),
  ]);
  const count = Number(dates.count);
  const { doc, fonts, cells } = streamingPdf({
    title: `${project.name} — survey report`,
    subject: 'Survey report',
    footer: `${project.name} — survey report`,
    sink,
  });
  const setupById = new Map(setups.map((s) => [s.id, s]));
  const gridOf = (lat: number, lon: number, h: number | null, datum: string | null, at: Date) =>
    g ? pointCoordinates(g, { latitude: lat, longitude: lon, ellipsoidalHeight: h, altitude: null, geoidSeparation: null, datum, recordedAt: at }) : null;

  // ---- cover
  doc.addPage(A4_PORTRAIT);
  const width = doc.page.width - 2 * MARGIN;
  say(doc, fonts, project.name, 20, { x: MARGIN, y: MARGIN, bold: true, width, height: 52, ellipsis: true });
  doc.fillColor('#555555');
  say(doc, fonts, 'Survey report', 11, { width });
  doc.fillColor('black').moveDown(1);
  const pointsWord = (n: string) => `${n} ${Number(n) === 1 ? 'point' : 'points'}`;
  const rovers = devices.map((d) => `${d.device || DASH} (${pointsWord(d.n)})`).join(', ');
  // who measured the points: the members by name, most points first (a point nobody is known to have taken: "not recorded")
  const measuredBy = recorders.map((r) => `${r.name ?? 'not recorded'} (${pointsWord(r.n)})`).join(', ');
  fieldRows(doc, fonts, width, [
    ['Project', project.name],
    ['Description', project.description || DASH],
    ['Surveyor', project.owner_name ? `${project.owner_name} <${project.owner_email}>` : DASH],
    ['Measured by', measuredBy || DASH],
    ['Rovers', rovers || DASH],
    ['Base station', project.base_name ? `${project.base_name} (${project.base_code})` : 'None'],
    ['Base position', project.base_mode === 'known' ? 'Known Position (entered over a known mark)' : 'Auto Fix (taken from the base station)'],
    ['Survey dates', count ? `${utcTime(dates.first)} to ${utcTime(dates.last)}` : 'no points recorded yet'],
    ['Points', String(count)],
    ...crsSummaryRows(g),
    ...frameByRows(g, frameChanges),
    ['Latitude, longitude', "degrees, in the frame of the base's coordinates (WGS 84 unless a base setup declares another)"],
    ['Report made', utcTime(o.now)],
  ]);

  const unit = g?.labels.unitSymbol ?? 'm';
  const hUnit = g?.labels.heightUnitSymbol ?? 'm';
  heading(doc, fonts, 'Base setups in force');
  const inForce = setups.filter((s) => s.current && !s.ended_at);
  if (!inForce.length) say(doc, fonts, setups.length ? 'None: every base setup has ended.' : 'No base setup: no base position was broadcast or entered.', 9, { x: MARGIN });
  else {
    const cols = layout(MARGIN, [
      ['Setup', 42, 'left'],
      ['Source', 48, 'left'],
      [`Easting (${unit})`, 74, 'right'],
      [`Northing (${unit})`, 78, 'right'],
      [`ARP height (${hUnit})`, 70, 'right'],
      ['Antenna (m)', 52, 'right'],
      ['Points', 38, 'right'],
      ['Since (UTC)', 113, 'left'],
    ]);
    const pointsOf = new Map(ages.map((a) => [a.base_setup_id, a.points]));
    tableHead(doc, cells, cols, doc.y, width);
    let y = doc.y + ROW_H + 2;
    for (const s of inForce) {
      const c = gridOf(s.latitude, s.longitude, s.height, s.datum, s.started_at);
      cells.row(cols, [`v${s.version}`, s.source, c ? formatGrid(g!.frame, c.easting) : DASH, c ? formatGrid(g!.frame, c.northing) : DASH, num(c?.height, 3), num(s.antenna_height, 3), String(pointsOf.get(s.id) ?? 0), utcTime(s.started_at)], y, FONT_SIZE);
      y += ROW_H;
    }
    doc.y = y + 2;
    doc.fillColor('#555555');
    say(doc, fonts, 'The antenna reference point (ARP) of the base as every point of the setup was computed from; the mark is the antenna height below it.', 7.5, { x: MARGIN, width });
    doc.fillColor('black');
  }

  heading(doc, fonts, 'Precision summary');
  const total = summary.reduce((s, r) => s + Number(r.n), 0);
  const sumOf = (k: 'h1' | 'h2' | 'h5' | 'h10' | 'hmore' | 'hnone') => summary.reduce((s, r) => s + Number(r[k]), 0);
  const top = doc.y;
  const fixRows: [string, string][] = summary.map((r) => [r.fix_type ? fixLabel(r.fix_type) : 'Not known', String(r.n)]);
  fixRows.push(['Total', String(total)]);
  countTable(doc, cells, MARGIN, top, 'Fix type', fixRows);
  const precisionBottom = countTable(doc, cells, MARGIN + 260, top, 'Sigma H of the occupation', [
    ['<= 0.01 m', String(sumOf('h1'))],
    ['0.01-0.02 m', String(sumOf('h2'))],
    ['0.02-0.05 m', String(sumOf('h5'))],
    ['0.05-0.10 m', String(sumOf('h10'))],
    ['> 0.10 m', String(sumOf('hmore'))],
    ['not measured', String(sumOf('hnone'))],
  ]);
  doc.y = Math.max(doc.y, precisionBottom) + 6;
  doc.fillColor('#555555');
  say(
    doc,
    fonts,
    'Sigma H is the horizontal 1-sigma of an occupation measured by the server (its epochs, after rejecting outliers). A point recorded in the browser has no occupation: its sigma is "not measured" here, and the evidence table shows the receiver\'s own estimate marked *.',
    7.5,
    { x: MARGIN, width },
  );
  doc.fillColor('black');

  // ---- the legend of the feature codes the points use
  if (used.codes.length || used.unread) {
    if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage(A4_PORTRAIT);
    heading(doc, fonts, 'Feature codes');
    writeLegend(doc, fonts, cells, width, used.codes, used.unread);
  }

  // ---- every base setup and its versions, on from the cover
  if (setups.length) {
    if (doc.y + 180 > doc.page.height - MARGIN) doc.addPage(A4_PORTRAIT);
    heading(doc, fonts, 'Base setups and their versions');
    for (const s of setups) {
      // a setup's block is about 120 pt: never split across pages
      if (doc.y + 125 > doc.page.height - MARGIN) doc.addPage(A4_PORTRAIT);
      writeSetup(doc, fonts, width, s, ages.find((a) => a.base_setup_id === s.id), gridOf(s.latitude, s.longitude, s.height, s.datum, s.started_at), g);
    }
  }

  // ---- plan
  await writePlan(doc, fonts, { geodesy: g, positions: o.plan.positions, count, sections: o.plan.sections, alive: () => sink.alive });
  await sink.settle(doc);


  // ---- the coordinates table
  const coordCols = layout(MARGIN, [
    ['No.', 36, 'right'],
    ['Name', 100, 'left'],
    ['Code', 60, 'left'],
    ['Section', 56, 'left'],
    [`Easting (${unit})`, 80, 'right'],
    [`Northing (${unit})`, 84, 'right'],
    [`Height (${hUnit})`, 64, 'right'],
    ['Latitude', 68, 'right'],
    ['Longitude', 74, 'right'],
    ['Fix', 52, 'left'],
    ['Recorded (UTC)', 86, 'left'],
  ]);
  const coords = new TableWriter(doc, fonts, cells, 'Coordinates', crsLine(g), coordCols);
  for await (const batch of data.positions(project.id)) {
    for (const p of batch) {
      const c = g && pointCoordinates(g, storedOf(p, setupById));
      coords.row(
        [
          String(p.number),
          '',
          '',
          p.section,
          c ? formatGrid(g.frame, c.easting) : DASH,
          c ? formatGrid(g.frame, c.northing) : DASH,
          c?.height != null ? c.height.toFixed(3) : DASH,
          p.latitude.toFixed(8),
          p.longitude.toFixed(8),
          fixLabel(p.fix_type),
          utcTime(p.recorded_at).slice(0, 19),
        ],
        [
          [1, cells.lines(p.name, coordCols[1]!.width, FONT_SIZE, NAME_LINES)],
          [2, cells.lines(p.code, coordCols[2]!.width, FONT_SIZE, NAME_LINES)],
        ],
      );
    }
    await sink.settle(doc);
    if (!sink.alive) return finish(doc, sink);
  }
  coords.end('No points recorded yet.');

  // ---- the evidence of each point
  const evCols = layout(MARGIN, [
    ['No.', 36, 'right'],
    ['Name', 100, 'left'],
    ['Method', 44, 'left'],
    ['Fix', 50, 'left'],
    ['Epochs', 38, 'right'],
    ['Rej.', 30, 'right'],
    ['Fix %', 36, 'right'],
    ['Sigma H (m)', 54, 'right'],
    ['Sigma V (m)', 54, 'right'],
    ['PDOP', 32, 'right'],
    ['Age (s)', 44, 'right'],
    ['Antenna height', 78, 'left'],
    ['Antenna', 110, 'left'],
    ['Base setup', 56, 'left'],
  ]);
  const historyOf = new Map<string, ReportHistory[]>();
  for (const h of history) historyOf.set(h.point_id, [...(historyOf.get(h.point_id) ?? []), h]);
  const evidence = new TableWriter(
    doc,
    fonts,
    cells,
    'Evidence of each point',
    'Sigma: 1-sigma of the occupation; * the receiver\'s own estimate (recorded in the browser). Age: corrections age. Notes, warnings and re-computations below the point.',
    evCols,
  );
  const wide: CellSpec = { x: evCols[2]!.x, width: MARGIN + evidence.width - evCols[2]!.x };
  for await (const batch of data.evidence(project.id)) {
    for (const p of batch) {
      const setup = p.base_setup_id ? setupById.get(p.base_setup_id) : undefined;
      const below: string[] = [];
      // with more than one person on the job, each point names who measured it
      if (recorders.length > 1) below.push(`Measured by ${p.recorded_by_name ?? 'not recorded'}`);
      if (p.note) below.push(`Note: ${p.note}`);
      if (p.warnings.length) below.push(`Warnings: ${p.warnings.join(', ')}`);
      for (const r of historyOf.get(p.id) ?? []) below.push(historyLine(r, setupById, gridOf, g));
      const measured = p.method !== 'client';
      evidence.row(
        [
          String(p.number),
          '',
          p.method,
          fixLabel(p.fix_type),
          measured ? num(p.epochs, 0) : DASH,
          measured ? num(p.epochs_rejected, 0) : DASH,
          num(p.fix_percent, 0),
          measured ? num(p.sigma_h, 4) : p.horizontal_accuracy === null ? DASH : `${p.horizontal_accuracy.toFixed(3)} *`,
          measured ? num(p.sigma_u, 4) : p.vertical_accuracy === null ? DASH : `${p.vertical_accuracy.toFixed(3)} *`,
          num(p.pdop, 1),
          num(p.correction_age, 1),
          antennaHeight(p),
          [p.antenna_model, p.antenna_reference].filter(Boolean).join(', ') || DASH,
          setup ? `v${setup.version} ${setup.source}` : DASH,
        ],
        [[1, cells.lines(p.name, evCols[1]!.width, FONT_SIZE, NAME_LINES)]],
        below.map((text) => [wide, text]),
      );
    }
    await sink.settle(doc);
    if (!sink.alive) return finish(doc, sink);
  }
  evidence.end('No points recorded yet.');

  // ---- the photos' thumbnails, under the names the exports give them
  const photos = await data.photos(project.id);
  if (photos.length) await writePhotos(doc, cells, photos, o.thumbnail, sink);
  return finish(doc, sink);
}

/** Code, description, kind, layer and colour of each code used, its colour as a swatch; continued on new pages. */
function writeLegend(doc: PDFKit.PDFDocument, fonts: ReportFonts, cells: CellWriter, width: number, codes: ReportCode[], unread: number) {
  const SWATCH = 22;
  const cols = layout(MARGIN + SWATCH, [
    ['Code', 70, 'left'],
    ['Description', 170, 'left'],
    ['Kind', 50, 'left'],
    ['Layer', 110, 'left'],
    ['Colour', 52, 'left'],
    ['Points', width - SWATCH - 452, 'right'],
  ]);
  tableHead(doc, cells, cols, doc.y, width);
  let y = doc.y + ROW_H + 2;
  for (const { code, points } of codes) {
    if (y + ROW_H > doc.page.height - MARGIN) {
      doc.addPage(A4_PORTRAIT);
      tableHead(doc, cells, cols, MARGIN, width);
      y = MARGIN + ROW_H + 2;
    }
    doc.rect(MARGIN + 4, y - 0.5, SWATCH - 8, ROW_H - 3).fillAndStroke(code.colour, '#555555');
    doc.fillColor('black').strokeColor('black');
    cells.row(cols, [code.code, code.description, code.kind, code.layer, code.colour, String(points)], y, FONT_SIZE);
    y += ROW_H;
  }
  doc.y = y + 2;
  if (unread) {
    doc.fillColor('#555555');
    say(doc, fonts, `${unread} ${unread === 1 ? 'point carries a code' : 'points carry codes'} the project's code list cannot read: drawn as plain points.`, 7.5, { x: MARGIN, width });
    doc.fillColor('black');
  }
}

/** Thumbnails three across and four down a page, each captioned with its point and the photo's file name. */
async function writePhotos(
  doc: PDFKit.PDFDocument,
  cells: CellWriter,
  photos: ReportPhoto[],
  thumbnail: (storageKey: string) => Promise<Buffer | null>,
  sink: ResponseSink,
) {
  const ACROSS = 3;
  const DOWN = 4;
  const IMAGE_H = 140;
  const cellH = IMAGE_H + 3 + 2 * ROW_H + 8;
  let top = 0;
  let cellW = 0;
  const page = () => {
    doc.addPage(A4_PORTRAIT);
    const width = doc.page.width - 2 * MARGIN;
    cellW = width / ACROSS;
    cells.row([{ x: MARGIN, width }], ['Photos'], MARGIN, 13, true);
    doc.fillColor('#444444');
    cells.row([{ x: MARGIN, width }], ["Thumbnails of the points' photos. Each name is the photo's file in the CSV with photos (zip) export."], MARGIN + 17, 7.5);
    doc.fillColor('black');
    top = MARGIN + 34;
  };
  for (const [i, p] of photos.entries()) {
    const at = i % (ACROSS * DOWN);
    if (at === 0) {
      if (i) await sink.settle(doc);
      if (!sink.alive) return;
      page();
    }
    const x = MARGIN + (at % ACROSS) * cellW + 4;
    const y = top + Math.floor(at / ACROSS) * cellH;
    const w = cellW - 8;
    const bytes = await thumbnail(p.storageKey);
    let drawn = false;
    if (bytes) {
      try {
        doc.image(bytes, x, y, { fit: [w, IMAGE_H], align: 'center', valign: 'center' });
        drawn = true;
      } catch {
        // a thumbnail pdfkit cannot read is shown as missing, never a broken report
      }
    }
    if (!drawn) {
      doc.rect(x, y, w, IMAGE_H).fillAndStroke('#f1f1f1', '#bbbbbb');
      doc.fillColor('#555555').strokeColor('black');
      cells.row([{ x, width: w, align: 'center' }], ['(thumbnail missing)'], y + IMAGE_H / 2 - 4, FONT_SIZE);
      doc.fillColor('black');
    }
    cells.row([{ x, width: w }], [`${p.number}  ${p.pointName}`], y + IMAGE_H + 3, FONT_SIZE, true);
    cells.row([{ x, width: w }], [p.fileName], y + IMAGE_H + 3 + ROW_H, FONT_SIZE);
  }
}

async function finish(doc: PDFKit.PDFDocument, sink: ResponseSink) {
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  await sink.drained();
}

/** A stored point as the project-coordinate function takes it; its frame is its base setup's. */
function storedOf(p: ReportPosition, setups: Map<string, ReportSetup>) {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    ellipsoidalHeight: p.ellipsoidal_height,
    altitude: p.altitude,
    geoidSeparation: p.geoid_separation,
    datum: p.base_setup_id ? (setups.get(p.base_setup_id)?.datum ?? null) : null,
    recordedAt: p.recorded_at,
  };
}

function antennaHeight(p: ReportEvidence): string {
  if (p.antenna_height === null) return DASH;
  return `${p.antenna_height.toFixed(3)} m${p.antenna_height_type ? ` ${p.antenna_height_type}` : ''}`;
}

type Column = CellSpec & { title: string };

/** Columns side by side from x, each [title, width, align]; a cell keeps 3 pt of air on its left, 6 on its right. */
function layout(x: number, specs: [string, number, 'left' | 'right'][]): Column[] {
  const out: Column[] = [];
  for (const [title, w, align] of specs) {
    out.push({ title, x: x + 3, width: w - (align === 'right' ? 9 : 3), align });
    x += w;
  }
  return out;
}

function tableHead(doc: PDFKit.PDFDocument, cells: CellWriter, cols: Column[], y: number, width: number) {
  doc.rect(MARGIN, y - 1.5, width, ROW_H + 1).fill('#e8e8e8');
  doc.fillColor('black');
  cells.row(cols, cols.map((c) => c.title), y, FONT_SIZE, true);
}

/**
 * A table over as many landscape pages as it needs: its title, a line under it and the column heads on every page;
 * a row with its continuation lines never splits across pages; light rules between rows.
 */
class TableWriter {
  private y = 0;
  private rows = 0;
  readonly width: number = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: ReportFonts,
    private readonly cells: CellWriter,
    private readonly title: string,
    private readonly subtitle: string,
    private readonly cols: Column[],
  ) {
    this.page();
    this.width = this.doc.page.width - 2 * MARGIN;
  }

  private page() {
    const { doc } = this;
    doc.addPage(A4_LANDSCAPE);
    const width = doc.page.width - 2 * MARGIN;
    this.cells.row([{ x: MARGIN, width }], [this.title], MARGIN, 13, true);
    doc.fillColor('#444444');
    this.cells.row([{ x: MARGIN, width }], [this.subtitle], MARGIN + 17, 7.5);
    doc.fillColor('black');
    tableHead(doc, this.cells, this.cols, MARGIN + 32, width);
    this.y = MARGIN + 32 + ROW_H + 2;
  }

  /**
   * One row. `wrapped` are the columns whose text wraps ([column index, its lines]); their lines after the first go on
   * continuation lines of the row. `below` are lines under the row in a cell of their own.
   */
  row(texts: string[], wrapped: [number, string[]][] = [], below: [CellSpec, string][] = []) {
    const more = Math.max(0, ...wrapped.map(([, lines]) => lines.length - 1));
    // a note, a warning or a re-computation wraps within its cell too (up to four lines)
    const under = below.flatMap(([cell, text]) => this.cells.lines(text, cell.width, FONT_SIZE - 0.4, 4).map((line): [CellSpec, string] => [cell, line]));
    const lines = 1 + more + under.length;
    if (this.y + lines * ROW_H > this.doc.page.height - MARGIN) this.page();
    const { cells, cols } = this;
    for (const [i, w] of wrapped) texts[i] = w[0] ?? '';
    cells.row(cols, texts, this.y, FONT_SIZE);
    let y = this.y + ROW_H;
    for (let line = 1; line <= more; line++) {
      const at = wrapped.filter(([, w]) => w.length > line);
      cells.row(at.map(([i]) => cols[i]!), at.map(([, w]) => w[line]!), y, FONT_SIZE);
      y += ROW_H;
    }
    for (const [cell, text] of under) {
      this.doc.fillColor('#444444');
      cells.row([cell], [text], y, FONT_SIZE - 0.4);
      this.doc.fillColor('black');
      y += ROW_H;
    }
    // a light rule under the row (pdfkit's page coordinates: y down from the top)
    const rule = (y - 1.5).toFixed(2);
    this.doc.addContent(`q 0.82 0.82 0.82 RG 0.3 w ${MARGIN} ${rule} m ${MARGIN + this.width} ${rule} l S Q`);
    this.y = y;
    this.rows += 1;
  }

  end(empty: string) {
    if (this.rows === 0) say(this.doc, this.fonts, empty, 10, { x: MARGIN, y: this.y + 4 });
  }
}

function heading(doc: PDFKit.PDFDocument, fonts: ReportFonts, text: string) {
  doc.moveDown(1);
  say(doc, fonts, text, 12, { x: MARGIN, bold: true });
  doc.moveDown(0.3);
}

/** Label and value pairs in two columns, the value wrapping within its column. */
function fieldRows(doc: PDFKit.PDFDocument, fonts: ReportFonts, width: number, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const top = doc.y;
    say(doc, fonts, label, 8.5, { x: MARGIN, y: top, bold: true, width: 110 });
    say(doc, fonts, value, 9, { x: MARGIN + 115, y: top, width: width - 115, height: 60, ellipsis: true });
    doc.y = Math.max(doc.y, top + 12) + 2.5;
  }
}

/** A two-column count table at (x, y) with a title; returns its bottom. */
function countTable(doc: PDFKit.PDFDocument, cells: CellWriter, x: number, y: number, title: string, rows: [string, string][]): number {
  const cols = layout(x, [
    [title, 170, 'left'],
    ['Points', 60, 'right'],
  ]);
  doc.rect(x, y - 1.5, 230, ROW_H + 1).fill('#e8e8e8');
  doc.fillColor('black');
  cells.row(cols, cols.map((c) => c.title), y, 8, true);
  let at = y + ROW_H + 2;
  rows.forEach(([label, n], i) => {
    cells.row(cols, [label, n], at, 8, i === rows.length - 1 && label === 'Total');
    at += ROW_H + 1;
  });
  return at;
}

function writeSetup(
  doc: PDFKit.PDFDocument,
  fonts: ReportFonts,
  width: number,
  s: ReportSetup,
  age: { n: string; min: number | null; mean: number | null; max: number | null } | undefined,
  c: { easting: number; northing: number; height: number | null } | null,
  g: ProjectGeodesy | null,
) {
  const state = s.current ? (s.ended_at ? 'ended' : 'in force') : 'superseded';
  doc.moveDown(0.5);
  say(doc, fonts, `Setup v${s.version} (${state}) - source ${s.source}, datum ${s.datum}, by ${s.created_by_name ?? DASH} at ${utcTime(s.created_at)}`, 9.5, { x: MARGIN, bold: true, width });
  doc.moveDown(0.2);
  const types = s.message_types ? Object.entries(s.message_types).map(([t, m]) => `${t} x${m.count}`).join(', ') : '';
  const unit = g?.labels.unitSymbol ?? 'm';
  const grid = c && g ? `E ${formatGrid(g.frame, c.easting)}  N ${formatGrid(g.frame, c.northing)}  H ${num(c.height, 3)} (${unit})` : DASH;
  fieldRows(doc, fonts, width, [
    ['Grid (ARP)', grid],
    ['Latitude, longitude, h', `Latitude ${deg(s.latitude)}, longitude ${deg(s.longitude)}, height ${s.height.toFixed(4)} m`],
    ['ECEF (m)', `X ${s.x.toFixed(4)}  Y ${s.y.toFixed(4)}  Z ${s.z.toFixed(4)}`],
    ['Antenna', `Antenna height ${num(s.antenna_height, 4, ' m')}; antenna ${s.antenna ?? DASH}; receiver ${s.receiver ?? DASH}`],
    ['Sigma H / V', s.sigma_h === null && s.sigma_v === null ? DASH : `${num(s.sigma_h, 3)} / ${num(s.sigma_v, 3)} m (averaged position)`],
    ['In force', `From ${utcTime(s.started_at)} to ${s.ended_at ? utcTime(s.ended_at) : 'now'}`],
    ['RTCM message types', types || DASH],
    ['Corrections age (s)', age && Number(age.n) ? `min ${num(age.min, 1)}, mean ${num(age.mean, 1)}, max ${num(age.max, 1)} over ${age.n} points` : DASH],
  ]);
}

/** A re-computation: when, who, why, and the point's grid coordinates before and after with the shift. */
function historyLine(
  r: ReportHistory,
  setups: Map<string, ReportSetup>,
  gridOf: (lat: number, lon: number, h: number | null, datum: string | null, at: Date) => { easting: number; northing: number; height: number | null } | null,
  g: ProjectGeodesy | null,
): string {
  const datumOf = (id: string | null) => (id ? (setups.get(id)?.datum ?? null) : null);
  // at the point's own epoch, as its row in the coordinates table
  const before = gridOf(r.old_latitude, r.old_longitude, r.old_height, datumOf(r.from_setup_id), r.recorded_at);
  const after = gridOf(r.new_latitude, r.new_longitude, r.new_height, datumOf(r.to_setup_id), r.recorded_at);
  const head = `Re-computed ${utcTime(r.changed_at)} by ${r.changed_by_name ?? DASH} (${r.reason}): `;
  if (!before || !after || !g) return `${head}${deg(r.old_latitude)}, ${deg(r.old_longitude)} -> ${deg(r.new_latitude)}, ${deg(r.new_longitude)}`;
  const f = (v: number) => formatGrid(g.frame, v);
  // a shift that rounds to nothing is 0.000, never -0.000
  const d = (v: number) => (Math.abs(v) < 0.0005 ? 0 : v).toFixed(3);
  const dh = before.height !== null && after.height !== null ? d(after.height - before.height) : DASH;
  return (
    `${head}E ${f(before.easting)} N ${f(before.northing)} H ${num(before.height, 3)} -> E ${f(after.easting)} N ${f(after.northing)} H ${num(after.height, 3)} ` +
    `(dE ${d(after.easting - before.easting)} dN ${d(after.northing - before.northing)} dH ${dh})`
  );
}

/** Who set the coordinate system and the calibration in force, and when (from the audit trail); nothing for a default. */
function frameByRows(g: ProjectGeodesy | null, changes: { action: string; user_name: string; at: Date }[]): [string, string][] {
  const last = (action: string) => changes.find((c) => c.action === action);
  const rows: [string, string][] = [];
  const crs = last('crs.changed');
  if (g && !g.labels.isDefault && crs) rows.push(['Coordinate system set by', `${crs.user_name || DASH}, ${utcTime(crs.at)}`]);
  const calibration = last('calibration.changed');
  if (g?.calibration && calibration) rows.push(['Calibration set by', `${calibration.user_name || DASH}, ${utcTime(calibration.at)}`]);
  return rows;
}
