/**
 * DXF (ASCII) is a list of pairs of lines: a group code (an integer) and its value. This reads the entities of the
 * ENTITIES section (each the pairs from its "0" to the next), handing each on as it ends so a large drawing is never
 * held whole, with the line each starts on, and the HEADER variables; blocks' contents are not design data (an
 * INSERT is read at its insertion point). Not dxf-parser: it gives no line numbers and throws on a broken file
 * (decision 046).
 */
export interface DxfEntity {
  type: string;
  line: number;
  codes: number[];
  values: string[];
}

export type DxfRead = { header: Map<string, string>; ended: boolean } | { error: string; line: number };

/** The group code on text[start, end), or NaN: digits with spaces around and an optional minus. No string made. */
function groupCode(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13)) i++;
  let sign = 1;
  if (text.charCodeAt(i) === 45) {
    sign = -1;
    i++;
  }
  let v = 0;
  let digits = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
    digits++;
  }
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13)) i++;
  return digits > 0 && i === end ? sign * v : NaN;
}

export function readDxf(text: string, onEntity: (e: DxfEntity) => boolean): DxfRead {
  const header = new Map<string, string>();
  let section = '';
  let variable = '';
  let current: DxfEntity | null = null;
  let pos = 0;
  let line = 0;
  const flush = () => {
    const done = current;
    current = null;
    return done ? onEntity(done) : true;
  };
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    line++;
    const codeLine = line;
    const code = groupCode(text, pos, end);
    if (Number.isNaN(code)) {
      const shown = text.slice(pos, end).trim();
      if (shown === '' && text.slice(end).trim() === '') break; // blank lines after the last pair
      return { error: `the group code "${shown.slice(0, 40)}" is not a number: this is not an ASCII DXF or it is damaged`, line: codeLine };
    }
    if (end >= text.length) return { error: `the file ends after group code ${code}, without its value`, line: codeLine };
    pos = end + 1;
    end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    line++;
    const value = text.charCodeAt(end - 1) === 13 ? text.slice(pos, end - 1) : text.slice(pos, end);
    pos = end + 1;
    if (code === 0) {
      if (!flush()) return { header, ended: true };
      const v = value.trim();
      if (v === 'SECTION' || v === 'ENDSEC') section = '';
      else if (v === 'EOF') return { header, ended: true };
      else if (section === 'ENTITIES') current = { type: v, line: codeLine, codes: [], values: [] };
    } else if (code === 2 && section === '' && current === null) section = value.trim();
    else if (section === 'HEADER') {
      if (code === 9) variable = value.trim();
      else if (variable && !header.has(variable)) header.set(variable, value.trim());
    } else if (current) {
      current.codes.push(code);
      current.values.push(value);
    }
  }
  flush();
  return { header, ended: false };
}

/** The first value of a code in an entity. */
export function valueOf(e: DxfEntity, code: number): string | undefined {
  const i = e.codes.indexOf(code);
  return i < 0 ? undefined : e.values[i];
}
