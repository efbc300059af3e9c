import { oneLine, toWinAnsi, type ReportFonts } from './pdf-fonts.js';

export interface CellSpec {
  x: number;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** What pdfkit keeps on the document that a raw text operator needs (not in its typings). */
interface PdfInternals {
  _font: { id: string; ref(): unknown; ascender: number };
  page: { height: number; fonts: Record<string, unknown> };
}

const ELLIPSIS = '\u0085'; // "…" in Windows-1252

/**
 * Table rows for tens of thousands of points. pdfkit's text() costs ~8 us a cell (line wrapping, kerning, options);
 * a row of eleven cells written as one raw BT..ET block in Helvetica is ~8x faster, which is what keeps a
 * 100,000-point report within seconds. Cells that Windows-1252 cannot hold go through pdfkit with the Unicode font.
 */
export class CellWriter {
  /** Advance widths at size 1 by Windows-1252 byte, one table per font, filled as characters are met. */
  private readonly widths = new Map<string, Float64Array>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: ReportFonts,
  ) {}

  /** Writes one row of cells whose top is at y; each cell clipped to its width with an ellipsis. */
  row(cells: CellSpec[], texts: string[], y: number, size: number, bold = false) {
    const doc = this.doc;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    doc.font(font).fontSize(size);
    const internals = doc as unknown as PdfInternals;
    const pdfFont = internals._font;
    internals.page.fonts[pdfFont.id] ??= pdfFont.ref();
    const baseline = internals.page.height - y - (pdfFont.ascender / 1000) * size;
    const ops: string[] = [];
    const unicode: [string, number, CellSpec][] = [];
    cells.forEach((cell, i) => {
      const text = oneLine(texts[i] ?? '');
      if (!text) return;
      const bytes = toWinAnsi(text) ?? (this.fonts.unicode ? null : this.question(text));
      if (bytes === null) return void unicode.push([text, i, cell]);
      const fitted = this.fit(font, bytes, cell.width, size);
      const x = cell.align === 'right' || cell.align === 'center' ? cell.x + (cell.width - this.width(font, fitted) * size) / (cell.align === 'right' ? 1 : 2) : cell.x;
      ops.push(`1 0 0 1 ${x.toFixed(2)} ${baseline.toFixed(2)} Tm (${fitted.replace(/[()\\]/g, '\\$&')}) Tj`);
    });
    if (ops.length) doc.addContent(`q 1 0 0 -1 0 ${internals.page.height} cm BT /${pdfFont.id} ${size} Tf\n${ops.join('\n')}\nET Q`);
    // the Unicode font has a taller ascender: place its cells on Helvetica's baseline so the row lines up
    const baselineY = y + (pdfFont.ascender / 1000) * size;
    for (const [text, , cell] of unicode) this.unicodeCell(text, cell, baselineY, size, bold);
  }

  /**
   * The text broken into lines no wider than width (at spaces where it can, else between characters), at most
   * maxLines; what is left after them goes on the last line, which row() then clips with an ellipsis.
   */
  lines(text: string, width: number, size: number, maxLines: number, bold = false): string[] {
    const one = oneLine(text);
    const measure = this.measurer(bold, size);
    if (measure(one) <= width) return [one];
    const out: string[] = [];
    let rest = one;
    while (rest && out.length < maxLines - 1) {
      const chars = [...rest];
      let fit = 1;
      while (fit < chars.length && measure(chars.slice(0, fit + 1).join('')) <= width) fit++;
      if (fit === chars.length) break;
      const space = chars.slice(0, fit + 1).lastIndexOf(' ');
      const cut = space > 0 ? space : fit;
      out.push(chars.slice(0, cut).join('').trimEnd());
      rest = chars.slice(cut).join('').trimStart();
    }
    if (rest) out.push(rest);
    return out;
  }

  private measurer(bold: boolean, size: number): (text: string) => number {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    return (text) => {
      const bytes = toWinAnsi(text) ?? (this.fonts.unicode ? null : this.question(text));
      if (bytes !== null) return this.width(font, bytes) * size;
      return this.doc.font((bold ? this.fonts.unicodeBold : this.fonts.unicode)!).fontSize(size).widthOfString(text);
    };
  }

  private unicodeCell(text: string, cell: CellSpec, baselineY: number, size: number, bold: boolean) {
    const doc = this.doc.font((bold ? this.fonts.unicodeBold : this.fonts.unicode)!).fontSize(size);
    let fitted = text;
    if (doc.widthOfString(fitted) > cell.width) {
      const chars = [...text];
      while (chars.length > 1 && doc.widthOfString(`${chars.join('')}…`) > cell.width) chars.pop();
      fitted = `${chars.join('')}…`;
    }
    const x = cell.align === 'right' || cell.align === 'center' ? cell.x + (cell.width - doc.widthOfString(fitted)) / (cell.align === 'right' ? 1 : 2) : cell.x;
    doc.text(fitted, x, baselineY, { lineBreak: false, baseline: 'alphabetic' });
  }

  /** Width of Windows-1252 text at size 1, per character (no kerning: the raw Tj does not kern either). */
  private width(font: string, bytes: string): number {
    let table = this.widths.get(font);
    if (!table) this.widths.set(font, (table = new Float64Array(256).fill(-1)));
    let total = 0;
    for (let i = 0; i < bytes.length; i++) {
      const code = bytes.charCodeAt(i);
      let w = table[code]!;
      if (w < 0) {
        w = table[code] = this.doc.font(font).fontSize(1000).widthOfString(decodeCp1252(bytes[i]!)) / 1000;
      }
      total += w;
    }
    return total;
  }

  private fit(font: string, bytes: string, maxWidth: number, size: number): string {
    if (this.width(font, bytes) * size <= maxWidth) return bytes;
    let cut = bytes;
    while (cut.length > 1 && (this.width(font, cut) + this.width(font, ELLIPSIS)) * size > maxWidth) cut = cut.slice(0, -1);
    return cut + ELLIPSIS;
  }

  private question(text: string): string {
    return [...text].map((ch) => toWinAnsi(ch) ?? '?').join('');
  }
}

const CP1252_DECODE = new TextDecoder('windows-1252');
function decodeCp1252(byteChar: string): string {
  return CP1252_DECODE.decode(Uint8Array.of(byteChar.charCodeAt(0)));
}
