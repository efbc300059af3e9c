import type { ExportContext } from './context.js';
import { CellWriter, type CellSpec } from './pdf-cells.js';
import type { ReportFonts } from './pdf-fonts.js';
import { MARGIN, say, utcTime } from './pdf-summary.js';
import { heightAboveMsl } from './heights.js';
import { measured } from './precision-fields.js';
import type { ExportPoint } from './repository.js';

const COLUMNS: (CellSpec & { title: string })[] = [];
{
  const specs: [string, number, 'left' | 'right'][] = [
    ['#', 30, 'right'],
    ['Name', 90, 'left'],
    ['Section', 70, 'left'],
    ['Easting (m)', 64, 'right'],
    ['Northing (m)', 70, 'right'],
    ['Latitude', 62, 'right'],
    ['Longitude', 66, 'right'],
    ['Accuracy', 40, 'left'],
    ['Fix', 44, 'left'],
    // the receiver's 1-sigma horizontal estimate beside the grade (decision 017), and the mark's elevation above MSL
    ['± H (m)', 38, 'right'],
    ['Elev. (m)', 46, 'right'],
    ['Device', 56, 'left'],
    ['Time (UTC)', 84, 'left'],
  ];
  let x = MARGIN;
  // 3 pt of air between columns: a cell's text is clipped to its width minus that
  for (const [title, width, align] of specs) {
    COLUMNS.push({ title, x: x + (align === 'right' ? 0 : 3), width: width - 3, align });
    x += width;
  }
}
/**
 * A point the server measured has a second line under its row, from the Name column on, with its precision
 * figures; the heading has the same second line. A browser's point keeps one line.
 */
const PRECISION: (CellSpec & { title: string })[] = [];
{
  const specs: [string, number, 'left' | 'right'][] = [
    ['Method', 60, 'left'],
    ['Epochs', 40, 'right'],
    ['Rejected', 44, 'right'],
    ['Sigma E (m)', 56, 'right'],
    ['Sigma N (m)', 56, 'right'],
    ['Sigma U (m)', 56, 'right'],
    ['PDOP', 36, 'right'],
    ['Fix %', 36, 'right'],
    ['Age (s)', 38, 'right'],
    ['Antenna (m)', 54, 'right'],
    ['Warnings', 200, 'left'],
  ];
  let x = MARGIN + 30;
  for (const [title, width, align] of specs) {
    PRECISION.push({ title, x: x + (align === 'right' ? 0 : 3), width: width - 3, align });
    x += width;
  }
}
const FONT_SIZE = 7.2;
const ROW_H = 10.5;
const fixedOr = (v: number | null, digits: number) => (v === null ? '' : v.toFixed(digits));

function precisionCellsOf(p: ExportPoint): string[] {
  const x = p.precision;
  return [
    x.method,
    fixedOr(x.epochs, 0),
    fixedOr(x.epochsRejected, 0),
    fixedOr(x.sigmaE, 4),
    fixedOr(x.sigmaN, 4),
    fixedOr(x.sigmaU, 4),
    fixedOr(x.pdop, 2),
    fixedOr(x.fixPercent, 1),
    fixedOr(x.correctionAge, 1),
    fixedOr(x.antennaHeight, 3),
    x.warnings.join(' '),
  ];
}

function cellsOf(p: ExportPoint, index: number, ctx: ExportContext): string[] {
  const utm = ctx.projection?.project(p.longitude, p.latitude);
  const elevation = heightAboveMsl(p);
  return [
    String(index),
    p.name,
    p.section,
    utm ? utm.easting.toFixed(3) : '',
    utm ? utm.northing.toFixed(3) : '',
    p.latitude.toFixed(8),
    p.longitude.toFixed(8),
    p.accuracy ?? '—',
    p.fixType ?? '',
    p.horizontalAccuracy === null ? '' : p.horizontalAccuracy.toFixed(3),
    elevation === null ? '' : elevation.toFixed(3),
    p.device,
    utcTime(p.recordedAt).slice(0, 19),
  ];
}

/** The points table on landscape pages, in time order, heading repeated on each page; waits for the client between reads. */
export async function writeTable(doc: PDFKit.PDFDocument, fonts: ReportFonts, ctx: ExportContext) {
  const cells = new CellWriter(doc, fonts);
  let y = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
    doc.fillColor('black');
    say(doc, fonts, `Points — ${ctx.project.name}`, 11, { x: MARGIN, y: MARGIN, bold: true, lineBreak: false });
    doc.rect(MARGIN, MARGIN + 18, doc.page.width - 2 * MARGIN, 2 * ROW_H + 1).fill('#e8e8e8');
    doc.fillColor('black');
    cells.row(COLUMNS, COLUMNS.map((c) => c.title), MARGIN + 20, FONT_SIZE, true);
    cells.row(PRECISION, PRECISION.map((c) => c.title), MARGIN + 20 + ROW_H, FONT_SIZE, true);
    y = MARGIN + 20 + 2 * ROW_H + 2;
  };
  newPage();
  let index = 0;
  for await (const page of ctx.repo.pages(ctx.project.id)) {
    if (!ctx.sink.alive) return;
    for (const p of page) {
      const lines = measured(p.precision) ? 2 : 1;
      if (y + lines * ROW_H > doc.page.height - MARGIN) newPage();
      cells.row(COLUMNS, cellsOf(p, ++index, ctx), y, FONT_SIZE);
      if (lines === 2) cells.row(PRECISION, precisionCellsOf(p), y + ROW_H, FONT_SIZE);
      y += lines * ROW_H;
    }
    await ctx.sink.settle(doc);
  }
  if (index === 0) say(doc, fonts, 'No points recorded yet.', 10, { x: MARGIN, y });
}
