import PDFDocument from 'pdfkit';
import { CellWriter } from './pdf-cells.js';
import { registerFonts, type ReportFonts } from './pdf-fonts.js';
import { MARGIN } from './pdf-summary.js';
import type { ResponseSink } from './sink.js';

export interface StreamingPdf {
  doc: PDFKit.PDFDocument;
  fonts: ReportFonts;
  cells: CellWriter;
}

/**
 * A PDF written out to the client page by page, as every report of the product is: pdfkit flushes a page when the
 * next one starts (no page buffering) and keeps no layout cache per string, so memory holds one page whatever the
 * number of points. Every page gets the footer `<footer> — page N` in its bottom margin, written as raw text (pdfkit's
 * line wrapper on every footer was a fifth of a 10,000-point report's time), and starts with the cursor at the margin.
 */
export function streamingPdf(o: { title: string; subject: string; footer: string; sink: ResponseSink }): StreamingPdf {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    fontLayoutCache: false,
    info: { Title: o.title, Subject: o.subject, Creator: 'Site Measurement IoT' },
  });
  const fonts = registerFonts(doc);
  const cells = new CellWriter(doc, fonts);
  let pageNumber = 0;
  doc.on('pageAdded', () => {
    pageNumber += 1;
    // the footer sits in the bottom margin: lift the margin while writing it, or pdfkit would start a new page
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.fillColor('#666666');
    cells.row([{ x: MARGIN, width: doc.page.width - 2 * MARGIN, align: 'center' }], [`${o.footer} — page ${pageNumber}`], doc.page.height - MARGIN + 14, 7.5);
    doc.page.margins.bottom = bottom;
    doc.fillColor('black');
    doc.x = MARGIN;
    doc.y = MARGIN;
  });
  doc.on('data', (chunk: Buffer) => o.sink.push(chunk));
  return { doc, fonts, cells };
}
