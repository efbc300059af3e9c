import { METRES_PER, type LinearUnit } from '@smi/geodesy/units';
import { Collector, freeName, type CollectOptions } from '../import/collector.js';
import { decodeInput, MAX_IMPORT_ROWS, sizeError, tooManyRows } from '../import/limits.js';
import type { ImportInput, ImportResult, ToGrid } from '../types.js';
import { columnMap, type ColumnMap, type ColumnRole, type CsvLayout } from './columns.js';
import { readRow } from './row.js';
import { sniffCsv, type CsvSniff } from './sniff.js';
import { countDataLines, forEachDataLine, splitFields, type Delimiter } from './split.js';

export interface CsvOptions extends CollectOptions {
  columns: CsvLayout | readonly ColumnRole[];
  /** 'auto' (the default) sniffs it from the first lines */
  delimiter?: Delimiter | 'auto';
  header?: boolean | 'auto';
  decimalComma?: boolean | 'auto';
  /** the unit of the file's coordinates and heights (default metre; 'foot' is the international foot) */
  unit?: LinearUnit;
  /** converts latitude/longitude rows into the project's grid; required for them */
  toGrid?: ToGrid;
}

export interface CsvSettings {
  delimiter: Delimiter;
  header: boolean;
  decimalComma: boolean;
  map: ColumnMap;
  metres: number;
  toGrid: ToGrid | undefined;
}

function settings(o: CsvOptions, sniff: CsvSniff): CsvSettings | string {
  const map = columnMap(o.columns);
  if (typeof map === 'string') return map;
  if (map.source === 'wgs84' && !o.toGrid) return 'latitude/longitude rows need the project coordinate system to be converted to grid coordinates';
  const auto = o.delimiter === undefined || o.delimiter === 'auto';
  return {
    delimiter: auto ? sniff.delimiter : (o.delimiter as Delimiter),
    header: o.header === undefined || o.header === 'auto' ? sniff.header : o.header,
    decimalComma: o.decimalComma === undefined || o.decimalComma === 'auto' ? sniff.decimalComma : o.decimalComma,
    map,
    metres: METRES_PER[o.unit ?? 'metre'],
    toGrid: o.toGrid,
  };
}

function run(text: string, o: CsvOptions, s: CsvSettings, maxRows: number): ImportResult {
  const c = new Collector(o);
  const next = { n: 1 };
  const autoName = () => freeName(c, '', next);
  let skip = s.header;
  let rows = 0;
  forEachDataLine(text, (line, l) => {
    if (skip) {
      skip = false;
      return true;
    }
    if (++rows > maxRows || !c.count(1, line)) return false;
    const row = readRow(l, line, s, autoName);
    if (typeof row === 'string') c.error(line, row);
    else c.addPoint(row);
    return true;
  });
  return c.result();
}

/**
 * Design points from a CSV/TXT coordinate file. Never throws: each row that cannot be read is an error naming its
 * line; a file over the size or row limit is refused before it is parsed.
 */
export function parseCsv(input: ImportInput, options: CsvOptions): ImportResult {
  const refused = sizeError(input);
  if (refused) return { points: [], lines: [], errors: [refused], warnings: [] };
  const { text, warning } = decodeInput(input);
  const s = settings(options, sniffCsv(text));
  if (typeof s === 'string') return { points: [], lines: [], errors: [{ line: null, message: s }], warnings: [] };
  // the rows are counted, not read, before anything is parsed
  const limit = MAX_IMPORT_ROWS + (s.header ? 1 : 0);
  if (countDataLines(text, limit) > limit) return { points: [], lines: [], errors: [tooManyRows(null)], warnings: [] };
  const result = run(text, options, s, Infinity);
  if (warning) result.warnings.unshift(warning);
  return result;
}

export interface CsvPreview {
  sniff: CsvSniff;
  /** the settings the rows were read with (the options, else what was sniffed) */
  delimiter: Delimiter;
  header: boolean;
  decimalComma: boolean;
  /** the first rows as split fields, to show beside the mapping */
  rows: { line: number; fields: string[] }[];
  /** the same rows read with the mapping */
  result: ImportResult;
}

/** The first rows of a file, split and read with the mapping, for the user to check before importing. */
export function previewCsv(input: ImportInput, options: CsvOptions, count = 10): CsvPreview | { error: string } {
  const refused = sizeError(input);
  if (refused) return { error: refused.message };
  const { text } = decodeInput(input);
  const sniff = sniffCsv(text);
  const s = settings(options, sniff);
  if (typeof s === 'string') return { error: s };
  const rows: CsvPreview['rows'] = [];
  let skip = s.header;
  forEachDataLine(text, (line, l) => {
    if (skip) {
      skip = false;
      return true;
    }
    rows.push({ line, fields: splitOrRaw(l, s.delimiter) });
    return rows.length < count;
  });
  return { sniff, delimiter: s.delimiter, header: s.header, decimalComma: s.decimalComma, rows, result: run(text, options, s, count) };
}

const splitOrRaw = (l: string, d: Delimiter) => splitFields(l, d) ?? [l];
