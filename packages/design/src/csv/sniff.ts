import { parseDecimal } from '../import/numbers.js';
import { rolesFromHeader, type ColumnRole } from './columns.js';
import { forEachDataLine, splitFields, type Delimiter } from './split.js';

export interface CsvSniff {
  delimiter: Delimiter;
  decimalComma: boolean;
  header: boolean;
  /** the header's fields, when there is one */
  headerFields: string[] | null;
  /** the roles the header names, when it names enough of them */
  suggested: ColumnRole[] | null;
}

// a tab or a semicolon is deliberate where it appears; a comma may be a decimal comma, a space a gap in a name
const ORDER: Delimiter[] = ['\t', ';', ',', ' '];
const SAMPLE = 50;

/** Whether a delimiter splits the sample alike: the same count of fields on most lines (a space: 2 or more). */
function splits(lines: string[], d: Delimiter): boolean {
  const counts = lines.map((l) => splitFields(l, d)?.length ?? 0);
  const enough = Math.ceil(lines.length * 0.8);
  // descriptions after the last column hold spaces: a space-delimited file's rows differ in length
  if (d === ' ') return counts.filter((n) => n >= 2).length >= enough;
  const tally = new Map<number, number>();
  for (const n of counts) if (n >= 2) tally.set(n, (tally.get(n) ?? 0) + 1);
  return [...tally.values()].some((k) => k >= enough);
}

const isNumber = (s: string, comma: boolean) => parseDecimal(s, comma) !== null;

/** Delimiter, decimal comma and header of a coordinate file, from its first lines. */
export function sniffCsv(text: string): CsvSniff {
  const lines: string[] = [];
  forEachDataLine(text, (_, l) => lines.push(l) < SAMPLE);
  const delimiter = ORDER.find((d) => splits(lines, d)) ?? ',';
  const rows = lines.map((l) => splitFields(l, delimiter) ?? []);
  const fields = rows.slice(1).flat();
  const decimalComma =
    delimiter !== ',' && fields.some((f) => /^[+-]?\d+,\d+$/.test(f)) && !fields.some((f) => /^[+-]?\d+\.\d+$/.test(f));
  const numbers = (r: string[] | undefined) => (r ?? []).filter((f) => isNumber(f, decimalComma)).length;
  // a header has no number where the rows under it have two or more
  const header = rows.length > 0 && numbers(rows[0]) === 0 && (rows.length === 1 || numbers(rows[1]) >= 2);
  const headerFields = header ? (rows[0] as string[]) : null;
  return { delimiter, decimalComma, header, headerFields, suggested: headerFields ? rolesFromHeader(headerFields) : null };
}
