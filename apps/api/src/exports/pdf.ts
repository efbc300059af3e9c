import { once } from 'node:events';
import type { ExportContext } from './context.js';
import { streamingPdf } from './pdf-document.js';
import { writePlan } from './pdf-plan.js';
import { MARGIN, writeSummary } from './pdf-summary.js';
import { writeTable } from './pdf-table.js';

/**
 * The PDF report: summary, plan to scale, then the table. pdfkit writes each page out when the next one starts
 * (no page buffering), and the writer waits for the client between reads of points, so memory holds one page of
 * PDF, one read of points, and the plan's coordinates (three numbers a point).
 */
export async function writePdf(ctx: ExportContext) {
  const { project, sink } = ctx;
  const { doc, fonts } = streamingPdf({ title: `${project.name} — survey points`, subject: 'Survey points report', footer: project.name, sink });

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
