import { pointCoordinates } from '../crs/project-geodesy.js';
import type { ExportContext } from './context.js';
import { calibrationColumn, cellText, COLUMNS, FEATURE_COLUMNS, gridColumns, type Cell, type Column } from './columns.js';
import type { DesignExportPoint } from '../design/export-data.js';
import type { ExportPoint } from './repository.js';

/**
 * RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. Written by hand rather
 * than with csv-stringify, which cost 3.5x more CPU on 100,000 points (0.35 s against 0.1 s; see
 * docs/decisions/011-exports.md); the tests read the result back with csv-parse.
 */
export function csvField(text: string | null): string {
  if (text === null) return '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** TSV has no quoting: tabs and line breaks inside text become spaces, so every point stays one line. */
function txtField(text: string | null): string {
  return text === null ? '' : text.replace(/[\t\r\n\v\f\u0085\u2028\u2029]/g, ' ');
}

type Field = (text: string | null) => string;

/** Where a table goes: the response, or an entry of the zip that carries the photos beside it (decision 076). */
export type TableSink = Pick<ExportContext['sink'], 'alive' | 'write'>;

/** Header and rows of a table of points, page by page: the grid coordinates first (one computation a point). */
async function writeTable(ctx: ExportContext, columns: Column[], field: Field, separator: string, header: string | null, sink: TableSink) {
  const { repo, project, geodesy: g } = ctx;
  if (header !== null) await sink.write(header);
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(page.map((p) => rowLine(p, columns, g && pointCoordinates(g, p), field, separator)).join(''));
  }
  if (ctx.design) await sink.write(ctx.design.points.map((d) => designLine(d, columns, field, separator)).join(''));
}

/** A design point's row: its name, grid northing, easting and elevation, layer (in section) and code; the rest empty. */
function designLine(d: DesignExportPoint, columns: Column[], field: Field, separator: string): string {
  const [north, east, height] = columns.slice(1, 4);
  const cells = columns.map((col): Cell => {
    if (col === NAME) return d.name;
    if (col === north) return d.n;
    if (col === east) return d.e;
    if (col === height) return d.h;
    if (col.header === 'section') return d.layer;
    if (col.header === 'code') return d.code;
    if (col === KIND) return 'design';
    return null;
  });
  return `${cells.map((c, i) => field(cellText(columns[i]!, c))).join(separator)}\r\n`;
}

/** With `?design=1` the last column says which rows are measured and which are design points. */
const KIND: Column = { header: 'kind', value: () => 'measured' };

function rowLine(p: ExportPoint, columns: Column[], c: ReturnType<typeof pointCoordinates>, field: Field, separator: string): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    const col = columns[i]!;
    if (i) out += separator;
    out += field(cellText(col, col.value(p, c)));
  }
  return `${out}\r\n`;
}

const allColumns = (ctx: ExportContext) => [...gridColumns(ctx.geodesy), ...COLUMNS, calibrationColumn(ctx.geodesy), ...FEATURE_COLUMNS, ...(ctx.design ? [KIND] : [])];
const headerLine = (columns: Column[], field: Field, separator: string) => `${columns.map((c) => field(c.header)).join(separator)}\r\n`;

/**
 * CSV: comma, CRLF, UTF-8; the point's name, its grid northing, easting and height, then latitude, longitude and
 * ellipsoidal height, then the rest. A byte-order mark only when asked (`?bom=1`, for Excel): CAD and scripts read
 * it as part of the first header.
 */
export async function writeCsv(ctx: ExportContext, out: TableSink = ctx.sink) {
  if (ctx.preset === 'pnezd') return writePnezd(ctx);
  const columns = [NAME, ...allColumns(ctx)];
  await writeTable(ctx, columns, csvField, ',', `${ctx.bom ? '\uFEFF' : ''}${headerLine(columns, csvField, ',')}`, out);
}

const NAME: Column = { header: 'name', value: (p) => p.name };

/**
 * PNEZD (Civil 3D "PNEZD (comma delimited)", Carlson): point number, northing, easting, elevation, description;
 * no header line. Grid coordinates and heights of the project (its default without a CRS), the point's name as the
 * description; the point number is the one the point was given when it was made (decision 041): a delete leaves a
 * gap and never renumbers the rest, so a drawing imported before still matches.
 */
async function writePnezd(ctx: ExportContext) {
  const [north, east, height] = gridColumns(ctx.geodesy);
  const number: Column = { header: 'P', value: (p) => p.number };
  await writeTable(ctx, [number, north!, east!, height!, NAME], csvField, ',', null, ctx.sink);
}

/** Tab-separated, one point a line, for total-station style import; the same columns as the CSV. */
export async function writeTxt(ctx: ExportContext, out: TableSink = ctx.sink) {
  const columns = [NAME, ...allColumns(ctx)];
  await writeTable(ctx, columns, txtField, '\t', `${ctx.bom ? '\uFEFF' : ''}${headerLine(columns, txtField, '\t')}`, out);
}
