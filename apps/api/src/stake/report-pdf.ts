import { once } from 'node:events';
import type { StakeRecordView } from '@smi/contracts';
import { formatGrid, METRES_PER } from '@smi/geodesy';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { CellSpec } from '../exports/pdf-cells.js';
import { crsLine } from '../exports/pdf-crs.js';
import { streamingPdf } from '../exports/pdf-document.js';
import { range } from '../exports/pdf-plan.js';
import type { ReportFonts } from '../exports/pdf-fonts.js';
import { METRES_PER_PT, fitScale, formatMetres, niceFloor } from '../exports/pdf-scale.js';
import { MARGIN, say, utcTime } from '../exports/pdf-summary.js';
import type { ResponseSink } from '../exports/sink.js';

const DASH = '-';
const FONT_SIZE = 7.2;
const ROW_H = 10.5;
const OUT_FILL = '#f6c9c9';
const IN_COLOUR = '#1a7f37';
const OUT_COLOUR = '#c62828';
const DESIGN_COLOUR = '#5b3fa0';
/** Design points are named on the plan only while the names can still be read. */
const LABEL_LIMIT = 150;
/** A lone point is still drawn at a scale where a few metres show. */
const MIN_EXTENT_M = 2;

/** A design point as the plan draws it, in the CRS's unit. */
export interface PlanDesignPoint {
  name: string;
  easting: number;
  northing: number;
}

export interface StakeReportInput {
  sink: ResponseSink;
  projectName: string;
  geodesy: ProjectGeodesy;
  records: StakeRecordView[];
  design: PlanDesignPoint[];
  now: Date;
}

const fixed = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? DASH : v.toFixed(digits));

/** "in", "OUT H", "OUT V", "OUT HV"; a dash while there is nothing to compare (no point stored). */
export function toleranceMark(r: StakeRecordView): string {
  if (!r.within) return DASH;
  if (r.within.both) return 'in';
  return `OUT ${r.within.horizontal ? '' : 'H'}${r.within.vertical === false ? 'V' : ''}`;
}

/**
 * The stake report as a PDF: the summary and a plan of the design with the staked points (in tolerance green, out
 * red, each joined to its design point), then the cut sheet's table on landscape pages, out-of-tolerance rows shaded
 * and marked OUT. Every figure is the records list's (decision 070: deltas computed on read), so the PDF and the CSV
 * never disagree.
 */
export async function writeStakeReport(o: StakeReportInput) {
  const { sink, geodesy: g, records } = o;
  const { doc, fonts, cells } = streamingPdf({ title: `${o.projectName} — stake report`, subject: 'Stake report', footer: `${o.projectName} — stake report`, sink });
  const unit = g.labels.unitSymbol;
  const hUnit = g.labels.heightUnitSymbol;

  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  const width = doc.page.width - 2 * MARGIN;
  say(doc, fonts, o.projectName, 20, { x: MARGIN, y: MARGIN, bold: true, width, height: 52, ellipsis: true });
  doc.fillColor('#555555');
  say(doc, fonts, 'Stake report', 11, { width });
  doc.fillColor('black').moveDown(0.8);
  const measured = records.filter((r) => r.within);
  const out = measured.filter((r) => !r.within!.both);
  const tolerances = [...new Set(records.map((r) => `${r.tolerance.horizontal} ${unit} horizontal, ${r.tolerance.vertical} ${hUnit} vertical`))];
  const rows: [string, string][] = [
    ['Coordinates', crsLine(g)],
    ['As-staked points', String(records.length)],
    ['In tolerance', String(measured.length - out.length)],
    ['Out of tolerance', String(out.length)],
    ['Not stored', String(records.length - measured.length)],
    ['Tolerances', tolerances.length ? tolerances.join('; ') : DASH],
    ['Differences', 'staked - design; dZ > 0 is a cut (the ground above the design), < 0 a fill'],
    ['Report made', utcTime(o.now)],
  ];
  for (const [label, value] of rows) {
    const top = doc.y;
    say(doc, fonts, label, 9, { x: MARGIN, y: top, bold: true, width: 110 });
    say(doc, fonts, value, 9.5, { x: MARGIN + 115, y: top, width: width - 115, height: 40, ellipsis: true });
    doc.y = Math.max(doc.y, top + 13) + 2;
  }
  plan(doc, fonts, g, o.design, records, { x: MARGIN, y: doc.y + 34, w: width, h: doc.page.height - MARGIN - doc.y - 34 - 40 });
  await sink.settle(doc);

  // ---- the table
  const cols = layout([
    ['#', 16, 'right'],
    ['Design', 52, 'left'],
    [`N (${unit})`, 56, 'right'],
    [`E (${unit})`, 56, 'right'],
    [`Z (${hUnit})`, 44, 'right'],
    ['Staked', 52, 'left'],
    [`N (${unit})`, 56, 'right'],
    [`E (${unit})`, 56, 'right'],
    [`Z (${hUnit})`, 44, 'right'],
    ['dN', 36, 'right'],
    ['dE', 36, 'right'],
    ['dZ', 36, 'right'],
    ['Cut/fill', 34, 'left'],
    ['Dist', 36, 'right'],
    ['Tol.', 30, 'left'],
    ['Staked by', 50, 'left'],
    // to the minute: a bold (out of tolerance) row's seconds would not fit; the CSV has them
    ['Started (UTC)', 70, 'left'],
  ]);
  let y = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
    doc.fillColor('black');
    say(doc, fonts, `Stake report — ${o.projectName}`, 11, { x: MARGIN, y: MARGIN, bold: true, lineBreak: false });
    doc.fillColor('#444444');
    say(doc, fonts, `${crsLine(g)}. Design and staked N, E, Z; dN, dE, dZ = staked - design; Dist horizontal; lengths in ${unit}.`, 7.5, { x: MARGIN, y: MARGIN + 15, lineBreak: false });
    doc.rect(MARGIN, MARGIN + 28, doc.page.width - 2 * MARGIN, ROW_H + 1).fill('#e8e8e8');
    doc.fillColor('black');
    cells.row(cols, cols.map((c) => c.title), MARGIN + 30, FONT_SIZE, true);
    y = MARGIN + 30 + ROW_H + 2;
  };
  newPage();
  records.forEach((r, i) => {
    if (y + ROW_H > doc.page.height - MARGIN) newPage();
    const mark = toleranceMark(r);
    const isOut = mark.startsWith('OUT');
    if (isOut) doc.rect(MARGIN, y - 1.5, doc.page.width - 2 * MARGIN, ROW_H).fill(OUT_FILL).fillColor('black');
    const s = r.Staked;
    cells.row(
      cols,
      [
        String(i + 1), r.Design.name, formatGrid(g.frame, r.Design.northing), formatGrid(g.frame, r.Design.easting), fixed(r.Design.elevation),
        r.PointName, s ? formatGrid(g.frame, s.northing) : DASH, s ? formatGrid(g.frame, s.easting) : DASH, fixed(s?.elevation),
        fixed(r.dN), fixed(r.dE), fixed(r.dH), r.cutFill ?? DASH, fixed(r.distance), mark, r.StakedBy, r.StartedAt.slice(0, 16).replace('T', ' '),
      ],
      y,
      FONT_SIZE,
      isOut,
    );
    y += ROW_H;
  });
  if (!records.length) say(doc, fonts, 'Nothing staked yet.', 10, { x: MARGIN, y });
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  await sink.drained();
}

function layout(specs: [string, number, 'left' | 'right'][]): (CellSpec & { title: string })[] {
  let x = MARGIN;
  return specs.map(([title, w, align]) => {
    const c = { title, x: x + (align === 'right' ? 0 : 3), width: w - 3, align };
    x += w;
    return c;
  });
}

/**
 * The plan to scale, grid north up: every design point a hollow circle (named while few), every stored as-staked
 * point a dot joined to the design it was staked against, green inside its tolerance, red outside.
 */
function plan(doc: PDFKit.PDFDocument, fonts: ReportFonts, g: ProjectGeodesy, design: PlanDesignPoint[], records: StakeRecordView[], box: { x: number; y: number; w: number; h: number }) {
  say(doc, fonts, 'Plan', 13, { x: box.x, y: box.y - 30, bold: true });
  doc.rect(box.x, box.y, box.w, box.h).lineWidth(0.8).strokeColor('black').stroke();
  const mpu = METRES_PER[g.frame.unit as keyof typeof METRES_PER];
  const es: number[] = [];
  const ns: number[] = [];
  const add = (e: number, n: number) => {
    es.push(e);
    ns.push(n);
  };
  for (const d of design) add(d.easting, d.northing);
  for (const r of records) {
    add(r.Design.easting, r.Design.northing);
    if (r.Staked) add(r.Staked.easting, r.Staked.northing);
  }
  if (!es.length) {
    say(doc, fonts, 'No design points and nothing staked yet.', 11, { x: box.x, y: box.y + box.h / 2 - 6, width: box.w, align: 'center' });
    return;
  }
  const [minE, maxE] = range(es);
  const [minN, maxN] = range(ns);
  const scale = fitScale(Math.max((maxE - minE) * mpu, MIN_EXTENT_M), Math.max((maxN - minN) * mpu, MIN_EXTENT_M), box.w * 0.88, box.h * 0.88);
  const ptPerUnit = mpu / (scale * METRES_PER_PT);
  const [midE, midN] = [(minE + maxE) / 2, (minN + maxN) / 2];
  const toX = (e: number) => box.x + box.w / 2 + (e - midE) * ptPerUnit;
  const toY = (n: number) => box.y + box.h / 2 - (n - midN) * ptPerUnit;
  doc.fillColor('#444444');
  say(doc, fonts, `Grid north up. Scale 1:${scale.toLocaleString('en-US')} on A4.`, 8, { x: box.x + 60, y: box.y - 26, lineBreak: false });

  doc.save().rect(box.x, box.y, box.w, box.h).clip();
  let ops = '';
  for (const d of design) ops += circle(toX(d.easting), toY(d.northing), 2.4);
  if (ops) doc.lineWidth(0.7).strokeColor(DESIGN_COLOUR).addContent(`${ops}S`);
  for (const colour of [IN_COLOUR, OUT_COLOUR]) {
    let lines = '';
    let dots = '';
    for (const r of records) {
      if (!r.Staked || !r.within || (colour === IN_COLOUR) !== r.within.both) continue;
      const [x, y] = [toX(r.Staked.easting), toY(r.Staked.northing)];
      lines += `${toX(r.Design.easting).toFixed(2)} ${toY(r.Design.northing).toFixed(2)} m ${x.toFixed(2)} ${y.toFixed(2)} l\n`;
      dots += `${(x - 1.6).toFixed(2)} ${(y - 1.6).toFixed(2)} 3.2 3.2 re\n`;
    }
    if (lines) doc.lineWidth(0.5).strokeColor(colour).addContent(`${lines}S`);
    if (dots) doc.fillColor(colour).addContent(`${dots}f`);
  }
  doc.fillColor('black');
  if (design.length <= LABEL_LIMIT) for (const d of design) say(doc, fonts, d.name, 5.5, { x: toX(d.easting) + 3, y: toY(d.northing) - 8, lineBreak: false });
  doc.restore();

  // scale bar in the grid's unit, and the legend under the box
  const barM = niceFloor(box.w / 4 / (ptPerUnit / mpu));
  const barUnits = mpu === 1 ? barM : niceFloor(barM / mpu);
  const barPt = barUnits * ptPerUnit;
  const yBar = box.y + box.h + 10;
  doc.save().lineWidth(0.6).strokeColor('black');
  for (let i = 0; i < 4; i++) doc.rect(box.x + (i * barPt) / 4, yBar, barPt / 4, 5).fillAndStroke(i % 2 ? 'white' : 'black', 'black');
  doc.restore().fillColor('black');
  say(doc, fonts, '0', 7, { x: box.x - 2, y: yBar + 8, lineBreak: false });
  say(doc, fonts, mpu === 1 ? formatMetres(barM) : `${barUnits} ${g.labels.unitSymbol}`, 7, { x: box.x + barPt - 6, y: yBar + 8, lineBreak: false });
  const lx = box.x + box.w / 2;
  doc.lineWidth(0.7).strokeColor(DESIGN_COLOUR).circle(lx + 3, yBar + 3, 2.4).stroke();
  say(doc, fonts, `design point (${design.length})`, 7, { x: lx + 10, y: yBar, lineBreak: false });
  const inCount = records.filter((r) => r.Staked && r.within?.both).length;
  const outCount = records.filter((r) => r.Staked && r.within && !r.within.both).length;
  doc.rect(lx + 1.4, yBar + 11.4, 3.2, 3.2).fill(IN_COLOUR);
  doc.fillColor('black');
  say(doc, fonts, `staked, in tolerance (${inCount})`, 7, { x: lx + 10, y: yBar + 10, lineBreak: false });
  doc.rect(lx + 1.4, yBar + 21.4, 3.2, 3.2).fill(OUT_COLOUR);
  doc.fillColor('black');
  say(doc, fonts, `staked, out of tolerance (${outCount})`, 7, { x: lx + 10, y: yBar + 20, lineBreak: false });
}

/** A circle as four Bézier arcs, appended to a path started at its centre's right (PDF content operators). */
function circle(cx: number, cy: number, r: number): string {
  const k = 0.5523 * r;
  const p = (x: number, y: number) => `${x.toFixed(2)} ${y.toFixed(2)}`;
  return (
    `${p(cx + r, cy)} m ` +
    `${p(cx + r, cy + k)} ${p(cx + k, cy + r)} ${p(cx, cy + r)} c ` +
    `${p(cx - k, cy + r)} ${p(cx - r, cy + k)} ${p(cx - r, cy)} c ` +
    `${p(cx - r, cy - k)} ${p(cx - k, cy - r)} ${p(cx, cy - r)} c ` +
    `${p(cx + k, cy - r)} ${p(cx + r, cy - k)} ${p(cx + r, cy)} c\n`
  );
}
