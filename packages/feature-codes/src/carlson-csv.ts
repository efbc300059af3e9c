import { codeList, DEFAULT_CONTROL_CODES, FEATURE_CODE_LIMITS, type CodeList, type CodeListImportError, type ControlCodes, type FeatureCodeInput } from '@smi/contracts';
import { csvLine, readCsv, type CsvRecord } from './csv.js';
import { issueErrors, refused, type CodeListImport } from './import-result.js';

/**
 * Code lists as CSV in Carlson's field-to-finish column order (decision 045): Code, Polyline (Y/N), 3D (Y/N),
 * Layer, Description. A file without a header is read that way (a blank layer is the code; the description is the
 * rest of the row, commas and all). Our extended export adds a header and Kind and Colour after Carlson's five.
 */
export const EXTENDED_HEADER = ['Code', 'Polyline', '3D', 'Layer', 'Description', 'Kind', 'Colour'] as const;
type Column = 'code' | 'polyline' | '3d' | 'layer' | 'description' | 'kind' | 'colour';
const COLUMN_OF: Record<string, Column> = { code: 'code', polyline: 'polyline', '3d': '3d', layer: 'layer', description: 'description', kind: 'kind', colour: 'colour', color: 'colour' };
const FIELD_COLUMN: Record<string, string> = { code: 'Code', kind: 'Kind', threeD: '3D', layer: 'Layer', description: 'Description', colour: 'Colour' };
/** Colours for a list that comes without them (Carlson's has none): a fixed set of well-separated hues. */
const PALETTE = ['#E6194B', '#3CB44B', '#FFE119', '#4363D8', '#F58231', '#911EB4', '#42D4F4', '#F032E6', '#BFEF45', '#FABED4', '#469990', '#DCBEFF', '#9A6324', '#800000', '#AAFFC3', '#808000', '#FFD8B1', '#000075', '#A9A9A9'];

const yesNo = (v: string | undefined): boolean | null => {
  const s = (v ?? '').trim().toUpperCase();
  return s === 'Y' || s === 'YES' ? true : s === 'N' || s === 'NO' ? false : null;
};

function headerOf(first: CsvRecord | undefined): Map<Column, number> | null {
  const names = first?.cells.map((c) => c.trim().toLowerCase());
  if (names?.[0] !== 'code' || names[1] !== 'polyline') return null;
  const columns = new Map<Column, number>();
  names.forEach((n, i) => COLUMN_OF[n] && !columns.has(COLUMN_OF[n]) && columns.set(COLUMN_OF[n], i));
  return columns;
}

const KINDS = new Set(['point', 'line', 'polygon']);

/** One row as a candidate code, and the row's own errors (the Y/N columns, a kind that contradicts Polyline). */
function rowCode(r: CsvRecord, index: number, header: Map<Column, number> | null, errors: CodeListImportError[]): FeatureCodeInput {
  // by the header's names, else by Carlson's positions (Kind and Colour have none there)
  const cell = (c: Column, position?: number) => {
    const at = header ? header.get(c) : position;
    return at === undefined ? undefined : r.cells[at];
  };
  const bad = (message: string) => errors.push({ line: r.line, message });
  const code = (cell('code', 0) ?? '').trim();
  const polyline = cell('polyline', 1);
  const kindCell = cell('kind')?.trim().toLowerCase() ?? '';
  const line = yesNo(polyline);
  const threeD = yesNo(cell('3d', 2));
  if (!header && r.cells.length < 3) bad('expected at least Code, Polyline (Y/N) and 3D (Y/N)');
  else {
    if (line === null && (!kindCell || (polyline ?? '').trim() !== '')) bad('Polyline: must be Y or N');
    if (line !== null && KINDS.has(kindCell) && (kindCell === 'point') === line) bad(`Kind: ${kindCell} contradicts Polyline ${line ? 'Y' : 'N'}`);
    if (threeD === null && (!header || header.has('3d'))) bad('3D: must be Y or N');
  }
  return {
    code,
    // an unreadable Polyline is reported above; 'point' only keeps zod from saying it again
    kind: (kindCell || (line ? 'line' : 'point')) as FeatureCodeInput['kind'],
    threeD: threeD ?? true,
    layer: cell('layer', 3)?.trim() || code,
    description: (header ? (cell('description') ?? '') : r.cells.slice(4).join(',')).trim(),
    colour: cell('colour')?.trim() || PALETTE[index % PALETTE.length]!,
  };
}

/** Reads a crew's list; `name` and the control codes are the list's own (a CSV carries neither). */
export function importCodeListCsv(text: string, options: { name: string; controlCodes?: ControlCodes }): CodeListImport {
  const read = readCsv(text);
  if (!read.ok) return refused([{ line: read.line, message: read.message }]);
  const header = headerOf(read.records[0]);
  const rows = header ? read.records.slice(1) : read.records;
  if (rows.length === 0) return refused([{ line: null, message: 'The file has no codes' }]);
  if (rows.length > FEATURE_CODE_LIMITS.codes) return refused([{ line: null, message: `The file has ${rows.length} codes; a list holds at most ${FEATURE_CODE_LIMITS.codes}` }]);
  const errors: CodeListImportError[] = [];
  const codes = rows.map((r, i) => rowCode(r, i, header, errors));
  const parsed = codeList.safeParse({ name: options.name, controlCodes: options.controlCodes ?? DEFAULT_CONTROL_CODES, codes });
  if (parsed.success && errors.length === 0) return { ok: true, list: parsed.data };
  const lineOf = (path: readonly PropertyKey[]) => (path[0] === 'codes' && typeof path[1] === 'number' ? (rows[path[1]]?.line ?? null) : null);
  const where = (path: readonly PropertyKey[]) => (path[0] === 'codes' ? (FIELD_COLUMN[String(path[2])] ?? '') : path.join('.'));
  return refused([...errors, ...(parsed.success ? [] : issueErrors(parsed.error.issues, lineOf, where))]);
}

/** 'carlson': the five columns, no header, as a Carlson controller loads them; 'extended' adds a header, Kind, Colour. */
export function exportCodeListCsv(list: CodeList, flavour: 'carlson' | 'extended' = 'carlson'): string {
  const yn = (b: boolean) => (b ? 'Y' : 'N');
  const rows = list.codes.map((c) => {
    const carlson = [c.code, yn(c.kind !== 'point'), yn(c.threeD), c.layer, c.description];
    return csvLine(flavour === 'carlson' ? carlson : [...carlson, c.kind, c.colour]);
  });
  return [...(flavour === 'extended' ? [csvLine(EXTENDED_HEADER)] : []), ...rows].join('\r\n') + '\r\n';
}
