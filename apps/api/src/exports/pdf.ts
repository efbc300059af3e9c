import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import type { ExportContext } from './context.js';
import { registerFonts } from './pdf-fonts.js';
import { writePlan } from './pdf-plan.js';
import { MARGIN, say, writeSummary } from './pdf-summary.js';
import { writeTable } from './pdf-table.js';

/**
 * The PDF report: summary, plan to scale, then the table. pdfkit writes each page out when the next one starts
 * (no page buffering), and the writer waits for the client between reads of points, so memory holds one page of
 * PDF, one read of points, and the plan's coordinates (three numbers a point).
 */
export async function writePdf(ctx: ExportContext) {
  const { project, sink } = ctx;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    // pdfkit caches the layout of every distinct string of an embedded font: unbounded for 100,000 point names
    fontLayoutCache: false,
    info: { Title: `${project.name} — survey points`, Subject: 'Survey points report', Creator: 'Site Measurement IoT' },
  });
  const fonts = registerFonts(doc);
  let pageNumber = 0;
  doc.on('pageAdded', () => {
    pageNumber += 1;
    // the footer sits in the bottom margin: lift the margin while writing it, or pdfkit would start a new page
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.fillColor('#666666');
    say(doc, fonts, `${project.name} — page ${pageNumber}`, 7.5, {
      x: MARGIN,
      y: doc.page.height - MARGIN + 14,
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    doc.fillColor('black');
    doc.x = MARGIN;
    doc.y = MARGIN;
  });
  doc.on('data', (chunk: Buffer) => sink.push(chunk));

  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  await writeSummary(doc, fonts, ctx);
  const sections = await ctx.repo.sectionsOf(project);
  await writePlan(doc, fonts, {
    geodesy: ctx.geodesy,
    positions: ctx.repo.positions(project.id),
    count: ctx.stats.count,
    sections,
    alive: () => sink.alive,
  });
  await sink.settle(doc);
  await writeTable(doc, fonts, ctx);
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  await sink.drained();
}
