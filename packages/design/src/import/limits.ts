import type { ImportInput, ImportMessage } from '../types.js';

/** The largest file and the most rows (points plus line vertices) one import takes. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export const tooManyRows = (line: number | null): ImportMessage => ({
  line,
  message: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: the limit is ${MAX_IMPORT_ROWS.toLocaleString('en-US')} per import. Split it into smaller files.`,
});

/** UTF-8 size of a string, counted without encoding it (a 20 MB string would otherwise be copied to be refused). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export const byteLength = (input: ImportInput): number => (typeof input === 'string' ? utf8Length(input) : input.byteLength);

/** The refusal of a file over the size limit, or null. Checked before anything is decoded or parsed. */
export function sizeError(input: ImportInput): ImportMessage | null {
  // a character takes at most 3 bytes: a short string needs no counting
  if (typeof input === 'string' && input.length * 3 <= MAX_IMPORT_BYTES) return null;
  const bytes = byteLength(input);
  if (bytes <= MAX_IMPORT_BYTES) return null;
  const mb = (bytes / 1024 / 1024).toFixed(1);
  return { line: null, message: `The file is ${mb} MB: the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB per import. Split it into smaller files.` };
}

/** Text of the input: UTF-8 (a byte-order mark dropped), or Windows-1252 when the bytes are not UTF-8, with a warning. */
export function decodeInput(input: ImportInput): { text: string; warning: ImportMessage | null } {
  if (typeof input === 'string') return { text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input, warning: null };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input), warning: null };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(input),
      warning: { line: null, message: 'The file is not UTF-8: it was read as Windows-1252 (Western European). Check accented names.' },
    };
  }
}
