import { METRES_PER } from '@smi/geodesy';
import { defaultGeodesy, pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { crsLine } from './pdf-crs.js';
import { MARGIN, say } from './pdf-summary.js';
import type { Position } from './repository.js';
import type { ReportFonts } from './pdf-fonts.js';
import { METRES_PER_PT, fitScale, formatMetres, niceFloor } from './pdf-scale.js';

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
/** Points are labelled on the plan only while the labels can still be read. */
const LABEL_LIMIT = 200;
/** A lone point or a tight cluster is still drawn at a scale where a few metres show. */
const MIN_EXTENT_M = 2;

interface PlanPoints {
  /** metres (grid units times the unit's length) */
  e: number[];
  n: number[];
  section: number[];
  names: string[];
  /** The grid the plan is drawn in and its unit's length */
  g: ProjectGeodesy;
  metresPerUnit: number;
}

/** What a plan is drawn from: the points' coordinate system, their positions page by page, and their sections. */
export interface PlanSource {
  geodesy: ProjectGeodesy | null;
  positions: AsyncIterable<Position[]>;
  count: number;
  sections: string[];
  /** False once the client has gone: stop reading. */
  alive: () => boolean;
}

/**
 * One read of the points, keeping only what the drawing needs (three numbers a point; names while few). A geographic
 * CRS has no metric plan: its points are drawn in the default UTM grid of their position (said on the plan).
 */
async function collect(src: PlanSource): Promise<PlanPoints | null> {
  const g0 = src.geodesy;
  if (!g0) return null;
  const index = new Map(src.sections.map((s, i) => [s, i]));
  let plan: PlanPoints | null = null;
  for await (const page of src.positions) {
    if (!src.alive()) return null;
    for (const p of page) {
      if (!plan) {
        const g = g0.transform.unit === 'degree' ? defaultGeodesy(p.longitude, p.latitude) : g0;
        plan = { e: [], n: [], section: [], names: [], g, metresPerUnit: METRES_PER[g.transform.unit as keyof typeof METRES_PER] };
      }
      const c = pointCoordinates(plan.g, p);
      if (!c) continue; // outside the CRS: it has no place on the plan (the table keeps its latitude, longitude)
      plan.e.push(c.easting * plan.metresPerUnit);
      plan.n.push(c.northing * plan.metresPerUnit);
      plan.section.push(index.get(p.section) ?? 0);
      if (src.count <= LABEL_LIMIT) plan.names.push(p.name);
    }
  }
  return plan?.e.length ? plan : null;
}

/**
 * The plan page: every point to scale in the project's grid (grid north up), with grid, scale bar, north arrow and
 * legend. The scale is worked out in metres (grid units times the unit's length).
 */
export async function writePlan(doc: PDFKit.PDFDocument, fonts: ReportFonts, src: PlanSource) {
  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  const box = { x: MARGIN, y: MARGIN + 46, w: doc.page.width - 2 * MARGIN, h: 600 };
  say(doc, fonts, 'Plan', 16, { x: MARGIN, y: MARGIN, bold: true });
  const sections = src.sections;
  const plan = await collect(src);
  doc.rect(box.x, box.y, box.w, box.h).lineWidth(0.8).strokeColor('black').stroke();
  if (!plan) {
    say(doc, fonts, 'No points recorded yet.', 11, { x: box.x, y: box.y + box.h / 2 - 6, width: box.w, align: 'center' });
    return;
  }

  const [minE, maxE] = range(plan.e);
  const [minN, maxN] = range(plan.n);
  const scale = fitScale(Math.max(maxE - minE, MIN_EXTENT_M), Math.max(maxN - minN, MIN_EXTENT_M), box.w * 0.9, box.h * 0.9);
  const ptPerM = 1 / (scale * METRES_PER_PT);
  const [midE, midN] = [(minE + maxE) / 2, (minN + maxN) / 2];
  const toX = (e: number) => box.x + box.w / 2 + (e - midE) * ptPerM;
  const toY = (n: number) => box.y + box.h / 2 - (n - midN) * ptPerM;
  const barM = niceFloor((box.w / 4) / ptPerM);
  doc.fillColor('#444444');
  say(doc, fonts, `${crsLine(plan.g)}. Grid north up. Scale 1:${scale.toLocaleString('en-US')} on A4.`, 8, { x: MARGIN, y: MARGIN + 22, width: box.w, height: 20, ellipsis: true });

  grid(doc, box, plan, { minE: midE - box.w / 2 / ptPerM, minN: midN - box.h / 2 / ptPerM, toX, toY, stepM: barM });
  doc.save().rect(box.x, box.y, box.w, box.h).clip();
  sections.forEach((_, s) => {
    let ops = '';
    for (let i = 0; i < plan.e.length; i++) {
      if (plan.section[i] !== s) continue;
      ops += `${(toX(plan.e[i]!) - 1.3).toFixed(2)} ${(toY(plan.n[i]!) - 1.3).toFixed(2)} 2.6 2.6 re\n`;
    }
    if (ops) doc.fillColor(PALETTE[s % PALETTE.length]!).addContent(`${ops}f`);
  });
  doc.fillColor('black');
  plan.names.forEach((name, i) => say(doc, fonts, name, 5.5, { x: toX(plan.e[i]!) + 2.5, y: toY(plan.n[i]!) - 7, lineBreak: false }));
  doc.restore();

  northArrow(doc, fonts, box.x + box.w - 28, box.y + 12);
  // the bar in the grid's unit, as its lines are labelled (a round number of feet in a feet CRS)
  const barUnits = plan.metresPerUnit === 1 ? barM : niceFloor(barM / plan.metresPerUnit);
  const barLabel = plan.metresPerUnit === 1 ? formatMetres(barM) : `${barUnits} ${plan.g.labels.unitSymbol}`;
  scaleBar(doc, fonts, box.x, box.y + box.h + 12, barLabel, barUnits * plan.metresPerUnit * ptPerM);
  legend(doc, fonts, sections, plan, box.x + box.w / 2, box.y + box.h + 12);
}

/** Min and max without spreading 100,000 arguments onto the stack. */
export function range(values: number[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

/** Grid lines at a round number of grid units (feet in a feet CRS), labelled in those units. */
function grid(doc: PDFKit.PDFDocument, box: { x: number; y: number; w: number; h: number }, plan: PlanPoints, m: { minE: number; minN: number; toX: (e: number) => number; toY: (n: number) => number; stepM: number }) {
  const mpu = plan.metresPerUnit;
  const step = niceFloor(m.stepM / mpu);
  doc.save().lineWidth(0.25).strokeColor('#cccccc').fillColor('#888888').font('Helvetica').fontSize(5.5);
  for (let e = Math.ceil(m.minE / mpu / step) * step; m.toX(e * mpu) < box.x + box.w; e += step) {
    doc.moveTo(m.toX(e * mpu), box.y).lineTo(m.toX(e * mpu), box.y + box.h).stroke();
    doc.text(`${Math.round(e)} E`, m.toX(e * mpu) + 1, box.y + box.h - 7, { lineBreak: false });
  }
  for (let n = Math.ceil(m.minN / mpu / step) * step; m.toY(n * mpu) > box.y; n += step) {
    doc.moveTo(box.x, m.toY(n * mpu)).lineTo(box.x + box.w, m.toY(n * mpu)).stroke();
    doc.text(`${Math.round(n)} N`, box.x + 2, m.toY(n * mpu) - 7, { lineBreak: false });
  }
  doc.restore();
}

function northArrow(doc: PDFKit.PDFDocument, fonts: ReportFonts, x: number, y: number) {
  doc.save().fillColor('black').strokeColor('black').lineWidth(0.8);
  doc.polygon([x, y + 8], [x + 7, y + 34], [x, y + 28]).fill();
  doc.polygon([x, y + 8], [x - 7, y + 34], [x, y + 28]).stroke();
  doc.restore();
  say(doc, fonts, 'N', 11, { x: x - 10, y: y - 6, width: 20, align: 'center', bold: true });
}

function scaleBar(doc: PDFKit.PDFDocument, fonts: ReportFonts, x: number, y: number, label: string, lengthPt: number) {
  const part = lengthPt / 4;
  doc.save().lineWidth(0.6).strokeColor('black');
  for (let i = 0; i < 4; i++) {
    doc.rect(x + i * part, y, part, 5).fillAndStroke(i % 2 ? 'white' : 'black', 'black');
  }
  doc.restore().fillColor('black');
  say(doc, fonts, '0', 7, { x: x - 2, y: y + 8, lineBreak: false });
  say(doc, fonts, label, 7, { x: x + lengthPt - 6, y: y + 8, lineBreak: false });
}

function legend(doc: PDFKit.PDFDocument, fonts: ReportFonts, sections: string[], plan: PlanPoints, x: number, y: number) {
  const counts = new Array<number>(sections.length).fill(0);
  for (const s of plan.section) counts[s]! += 1;
  const shown = sections.map((name, i) => ({ name, i, count: counts[i]! })).filter((s) => s.count > 0);
  shown.slice(0, 8).forEach((s, row) => {
    const top = y + row * 10;
    doc.rect(x, top + 1, 6, 6).fill(PALETTE[s.i % PALETTE.length]!);
    doc.fillColor('black');
    say(doc, fonts, `${s.name} (${s.count})`, 7, { x: x + 10, y: top, width: 240, height: 9, ellipsis: true, lineBreak: false });
  });
  if (shown.length > 8) say(doc, fonts, `and ${shown.length - 8} more sections (see the table)`, 7, { x: x + 10, y: y + 80 });
}
