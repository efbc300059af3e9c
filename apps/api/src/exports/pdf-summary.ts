import { FIX_TYPE_LABELS, FIX_TYPES } from '@smi/contracts';
import type { ExportContext } from './context.js';
import { pick, type ReportFonts } from './pdf-fonts.js';
import { crsSummaryRows } from './pdf-crs.js';

export const MARGIN = 40;
export const utcTime = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—');
const utcDate = (d: Date) => d.toISOString().slice(0, 10);

/** Text in the font that can print it, at the given place (or flowing on from the last text when x is absent). */
export function say(doc: PDFKit.PDFDocument, fonts: ReportFonts, text: string, size: number, opts: PDFKit.Mixins.TextOptions & { x?: number; y?: number; bold?: boolean } = {}) {
  const { x, y, bold, ...options } = opts;
  const chosen = pick(fonts, text, bold);
  doc.font(chosen.font).fontSize(size);
  if (x !== undefined) doc.text(chosen.text, x, y ?? doc.y, options);
  else doc.text(chosen.text, options);
}

/** Page one: what the project is, where its base stood, when it was surveyed, and how its points divide up. */
export async function writeSummary(doc: PDFKit.PDFDocument, fonts: ReportFonts, ctx: ExportContext) {
  const { project, stats, repo, now } = ctx;
  const width = doc.page.width - 2 * MARGIN;
  say(doc, fonts, project.name, 20, { x: MARGIN, y: MARGIN, bold: true, width, height: 52, ellipsis: true });
  doc.fillColor('#555555');
  say(doc, fonts, 'Survey points report', 11, { width });
  doc.fillColor('black').moveDown(1);

  const base = project.baseStation ? `${project.baseStation.name} (${project.baseStation.code})` : 'None';
  const position =
    project.baseMode === 'known' && project.baseLatitude !== null && project.baseLongitude !== null
      ? `Known position: ${project.baseLatitude}, ${project.baseLongitude}`
      : 'Auto Fix (taken from the base station)';
  const fields: [string, string][] = [
    ['Description', project.description || '—'],
    ['Base station', base],
    ['Base position', position],
    ['Created', utcDate(project.createdAt)],
    ['Last modified', utcTime(project.lastModified)],
    ['Points', String(stats.count)],
    ['First point', utcTime(stats.firstAt)],
    ['Last point', utcTime(stats.lastAt)],
    ...crsSummaryRows(ctx.geodesy),
    ['Latitude, longitude', 'degrees, in the frame of the base\'s coordinates (WGS 84 unless a base setup declares another); CSV, TXT and GeoJSON add the ellipsoidal height'],
    ['Accuracy', 'The grade (High/Medium/Low) rates only the time between rover and base readings; the fix type and ± H (the receiver\'s 1-sigma horizontal estimate, metres) say how precise a point is.'],
    ['Exported', utcTime(now)],
  ];
  for (const [label, value] of fields) {
    const top = doc.y;
    say(doc, fonts, label, 9, { x: MARGIN, y: top, bold: true, width: 110 });
    // bounded, so nothing on this page flows onto an unplanned one
    say(doc, fonts, value, 10, { x: MARGIN + 115, y: top, width: width - 115, height: 110, ellipsis: true });
    doc.y = Math.max(doc.y, top + 14) + 3;
  }

  const sections = await repo.countBy(project.id, 'section');
  const counted = new Map(sections.map((s) => [s.key ?? '', s.count]));
  const allSections = await repo.sectionsOf(project);
  countTable(doc, fonts, 'Points per section', allSections.map((s) => [s, counted.get(s) ?? 0]));

  const accuracy = await repo.countBy(project.id, 'accuracy');
  const grade = (k: string | null) => accuracy.find((a) => a.key === k)?.count ?? 0;
  countTable(doc, fonts, 'Points per accuracy', [
    ['High', grade('High')],
    ['Medium', grade('Medium')],
    ['Low', grade('Low')],
    ['Not graded', grade(null)],
  ]);

  const fixes = await repo.countBy(project.id, 'fix_type');
  const fix = (k: string | null) => fixes.find((a) => a.key === k)?.count ?? 0;
  countTable(doc, fonts, 'Points per fix type', [
    ...FIX_TYPES.map((t): [string, number] => [FIX_TYPE_LABELS[t], fix(t)]),
    ['Not known', fix(null)],
  ]);
}

function countTable(doc: PDFKit.PDFDocument, fonts: ReportFonts, title: string, rows: [string, number][]) {
  doc.moveDown(1);
  say(doc, fonts, title, 12, { x: MARGIN, bold: true });
  doc.moveDown(0.3);
  for (const [name, count] of rows) {
    if (doc.y + 16 > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    say(doc, fonts, name, 10, { x: MARGIN + 10, y: top, width: 330, ellipsis: true, height: 13 });
    say(doc, fonts, String(count), 10, { x: MARGIN + 350, y: top, width: 80, align: 'right', lineBreak: false });
    doc.moveTo(MARGIN + 10, top + 13).lineTo(MARGIN + 430, top + 13).lineWidth(0.3).strokeColor('#cccccc').stroke();
    doc.y = top + 16;
  }
}
