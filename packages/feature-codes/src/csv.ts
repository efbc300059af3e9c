/** RFC 4180 CSV with the line each record starts on, so an import can name its bad rows. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/** Reads comma-separated text (quotes doubled inside quoted cells, CRLF/LF/CR); blank lines are skipped. */
export function readCsv(text: string): CsvRead {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
        afterQuote = true;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        cell += ch;
      }
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      recordLine = ++line;
    } else if (afterQuote) {
      if (ch !== ' ' && ch !== '\t') return { ok: false, line, message: 'text after a closing quote (quotes inside a quoted value are doubled: "")' };
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (quoted) return { ok: false, line: recordLine, message: 'a quoted value is not closed' };
  endRecord();
  return { ok: true, records };
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV line; cells with a comma, quote, line break or outer space are quoted. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (NEEDS_QUOTES.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}
