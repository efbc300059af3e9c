export type Delimiter = ',' | '\t' | ';' | ' ';

const WHITESPACE = /[ \t]+/;

/**
 * The fields of one line, trimmed; double quotes hold a delimiter and "" is a quote, as spreadsheets write them.
 * A space delimiter takes any run of spaces and tabs. null when a quote is left open (a field running over lines
 * is not a coordinate file's).
 */
export function splitFields(line: string, d: Delimiter): string[] | null {
  if (!line.includes('"')) {
    if (d === ' ') return line.trim().split(WHITESPACE);
    const parts = line.split(d);
    for (let i = 0; i < parts.length; i++) parts[i] = (parts[i] as string).trim();
    return parts;
  }
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = d === ' ' ? skipSpace(line, 0) : 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i++;
    } else if (ch === d || (d === ' ' && ch === '\t')) {
      fields.push(field.trim());
      field = '';
      i = d === ' ' ? skipSpace(line, i) : i + 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) return null;
  if (d !== ' ' || field.trim() !== '') fields.push(field.trim());
  return fields;
}

function skipSpace(line: string, i: number): number {
  while (line[i] === ' ' || line[i] === '\t') i++;
  return i;
}

/**
 * Calls back with each line of a text and its 1-based number, blank ones and '#' comments left out, until the
 * callback answers false. A loop, not a generator: it runs for every row of an import.
 */
export function forEachDataLine(text: string, each: (line: number, text: string) => boolean): void {
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const s = text.charCodeAt(end - 1) === 13 && end > start ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    const t = s.trimStart();
    if (t === '' || t.charCodeAt(0) === 35 || t.trimEnd() === '') continue;
    if (!each(line, s)) return;
  }
}

/** How many data lines a text has, counting no further than limit + 1 (a file's size is refused before parsing). */
export function countDataLines(text: string, limit: number): number {
  let n = 0;
  forEachDataLine(text, () => ++n <= limit);
  return n;
}
