import type { ExportContext } from './context.js';
import { CellWriter, type CellSpec } from './pdf-cells.js';
import type { ReportFonts } from './pdf-fonts.js';
import { MARGIN, say, utcTime } from './pdf-summary.js';
import { formatGrid } from '@smi/geodesy';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { crsLine } from './pdf-crs.js';
import { measured } from './precision-fields.js';
import type { ExportPoint } from './repository.js';

/** The table's columns; the grid ones are titled with the unit of the project's CRS ("Easting (ftUS)"). */
function columnsOf(g: ProjectGeodesy | null): (CellSpec & { title: string })[] {
  const unit = g?.labels.unitSymbol ?? 'm';
  const hUnit = g?.labels.heightUnitSymbol ?? 'm';
  const specs: [string, number, 'left' | 'right'][] = [
    ['#', 30, 'right'],
    ['Name', 84, 'left'],
    ['Section', 60, 'left'],
    [`Easting (${unit})`, 70, 'right'],
    [`Northing (${unit})`, 72, 'right'],
    [`Height (${hUnit})`, 52, 'right'],
    ['Latitude', 62, 'right'],
    ['Longitude', 66, 'right'],
    ['Accuracy', 40, 'left'],
    ['Fix', 44, 'left'],
    // the receiver's 1-sigma horizontal estimate beside the grade (decision 017)
    ['± H (m)', 38, 'right'],
    ['Device', 50, 'left'],
    ['Time (UTC)', 84, 'left'],
  ];
  const columns: (CellSpec & { title: string })[] = [];
  let x = MARGIN;
  // 3 pt of air between columns: a cell's text is clipped to its width minus that
  for (const [title, width, align] of specs) {
    columns.push({ title, x: x + (align === 'right' ? 0 : 3), width: width - 3, align });
    x += width;
  }
  return columns;
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

function cellsOf(p: ExportPoint, index: number, g: ProjectGeodesy | null): string[] {
  const c = g && pointCoordinates(g, p);
  return [
    String(index),
    p.name,
    p.section,
    c ? formatGrid(g.frame, c.easting) : '',
    c ? formatGrid(g.frame, c.northing) : '',
    c?.height != null ? c.height.toFixed(3) : '',
    p.latitude.toFixed(9),
    p.longitude.toFixed(9),
    p.accuracy ?? '—',
    p.fixType ?? '',
    p.horizontalAccuracy === null ? '' : p.horizontalAccuracy.toFixed(3),
    p.device,
    utcTime(p.recordedAt).slice(0, 19),
  ];
}

/** The points table on landscape pages, in time order, heading repeated on each page; waits for the client between reads. */
export async function writeTable(doc: PDFKit.PDFDocument, fonts: ReportFonts, ctx: ExportContext) {
  const cells = new CellWriter(doc, fonts);
  const COLUMNS = columnsOf(ctx.geodesy);
  let y = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
    doc.fillColor('black');
    say(doc, fonts, `Points — ${ctx.project.name}`, 11, { x: MARGIN, y: MARGIN, bold: true, lineBreak: false });
    doc.fillColor('#444444');
    say(doc, fonts, crsLine(ctx.geodesy), 7.5, { x: MARGIN, y: MARGIN + 15, lineBreak: false });
    doc.rect(MARGIN, MARGIN + 28, doc.page.width - 2 * MARGIN, 2 * ROW_H + 1).fill('#e8e8e8');
    doc.fillColor('black');
    cells.row(COLUMNS, COLUMNS.map((c) => c.title), MARGIN + 30, FONT_SIZE, true);
    cells.row(PRECISION, PRECISION.map((c) => c.title), MARGIN + 30 + ROW_H, FONT_SIZE, true);
    y = MARGIN + 30 + 2 * ROW_H + 2;
  };
  newPage();
  let index = 0;
  for await (const page of ctx.repo.pages(ctx.project.id)) {
    if (!ctx.sink.alive) return;
    for (const p of page) {
      const lines = measured(p.precision) ? 2 : 1;
      if (y + lines * ROW_H > doc.page.height - MARGIN) newPage();
      cells.row(COLUMNS, cellsOf(p, ++index, ctx.geodesy), y, FONT_SIZE);
      if (lines === 2) cells.row(PRECISION, precisionCellsOf(p), y + ROW_H, FONT_SIZE);
      y += lines * ROW_H;
    }
    await ctx.sink.settle(doc);
  }
  if (index === 0) say(doc, fonts, 'No points recorded yet.', 10, { x: MARGIN, y });
}
