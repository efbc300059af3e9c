import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Fonts of the PDF report. Text that Windows-1252 (the encoding of PDF's standard fonts) can hold is set in
 * Helvetica, which needs no embedding and is fast to lay out; anything else (Polish, Greek, Cyrillic, symbols...)
 * in DejaVu Sans, shipped by the @fontsource/dejavu-sans npm package, so no system font is needed. Should that
 * package be missing, such characters print as "?" rather than failing the export.
 */
export interface ReportFonts {
  regular: string;
  bold: string;
  /** DejaVu Sans, or null when the font package is not installed. */
  unicode: string | null;
  unicodeBold: string | null;
}

const require = createRequire(import.meta.url);
let cached: { regular: Buffer; bold: Buffer } | null | undefined;

function dejaVu(): { regular: Buffer; bold: Buffer } | null {
  if (cached !== undefined) return cached;
  try {
    cached = {
      regular: readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff')),
      bold: readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff')),
    };
  } catch {
    cached = null;
  }
  return cached;
}

export function registerFonts(doc: PDFKit.PDFDocument): ReportFonts {
  const files = dejaVu();
  if (files) {
    doc.registerFont('DejaVu', files.regular);
    doc.registerFont('DejaVu-Bold', files.bold);
  }
  return { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: files ? 'DejaVu' : null, unicodeBold: files ? 'DejaVu-Bold' : null };
}

// Windows-1252 bytes 0x80-0x9f are these characters (0x81, 0x8d, 0x8f, 0x90, 0x9d are unused)
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const TO_CP1252 = new Map<string, string>();
for (let i = 0; i < 32; i++) if (![0x01, 0x0d, 0x0f, 0x10, 0x1d].includes(i)) TO_CP1252.set(CP1252_HIGH[i]!, String.fromCharCode(0x80 + i));

/** The text as Windows-1252 bytes (one char per byte), or null when it holds a character outside it. */
export function toWinAnsi(text: string): string | null {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else {
      const mapped = TO_CP1252.get(ch);
      if (mapped === undefined) return null;
      out += mapped;
    }
  }
  return out;
}

/** Control characters and line breaks print as spaces: every value stays on its line. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');

/** The font that can print this text, regular or bold; the text itself made printable by that font. */
export function pick(fonts: ReportFonts, text: string, bold = false): { font: string; text: string } {
  if (toWinAnsi(text) !== null || !fonts.unicode) {
    return { font: bold ? fonts.bold : fonts.regular, text: fonts.unicode ? text : winAnsiOrQuestion(text) };
  }
  return { font: (bold ? fonts.unicodeBold : fonts.unicode)!, text };
}

function winAnsiOrQuestion(text: string): string {
  return [...text].map((ch) => (toWinAnsi(ch) === null && ch !== '\n' ? '?' : ch)).join('');
}
