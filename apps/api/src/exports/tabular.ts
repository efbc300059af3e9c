import type { ExportContext } from './context.js';
import { COLUMNS, rowOf, neutralise, type Cell } from './columns.js';
import { gridCells, gridHeaders, pointGrid } from './grid-columns.js';
import { exportGeodesy } from './export-geodesy.js';

/**
 * RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. Written by hand rather
 * than with csv-stringify, which cost 3.5x more CPU on 100,000 points (0.35 s against 0.1 s; see
 * docs/decisions/011-exports.md); the tests read the result back with csv-parse.
 */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** TSV has no quoting: tabs and line breaks inside text become spaces, so every point stays one line. */
function txtField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  return cell.replace(/[\t\r\n\v\f\u0085\u2028\u2029]/g, ' ');
}

const line = (cells: Cell[], field: (c: Cell) => string, separator: string) => `${cells.map(field).join(separator)}\r\n`;

/** CSV: comma, CRLF, UTF-8 with a BOM so spreadsheets pick the right encoding; one page of points at a time. */
export async function writeCsv(ctx: ExportContext) {
  if (ctx.preset === 'pnezd') return writePnezd(ctx);
  const { sink, repo, project, projection, geodesy: g } = ctx;
  await sink.write(`\uFEFF${line([...COLUMNS.map((c) => c.header), ...(g ? gridHeaders(g) : [])], csvField, ',')}`);
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(page.map((p) => line(g ? [...rowOf(p, projection), ...gridCells(g, p)] : rowOf(p, projection), csvField, ',')).join(''));
  }
}

/**
 * PNEZD (Civil 3D "PNEZD (comma delimited)", Carlson): point number, northing, easting, elevation, description;
 * no header line. Grid coordinates of the project's CRS (else the UTM zone of the points), the point's name as the
 * description; the point number is the one the point was given when it was made (decision 041): a delete leaves a
 * gap and never renumbers the rest, so a drawing imported before still matches.
 */
async function writePnezd(ctx: ExportContext) {
  const { sink, repo, project } = ctx;
  const g = exportGeodesy(ctx);
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(
      page
        .map((p) => {
          const c = g ? pointGrid(g, p) : null;
          const mm = (v: number | null | undefined) => (v == null ? null : Math.round(v * 1000) / 1000);
          return line([p.number, mm(c?.northing), mm(c?.easting), mm(c?.height), neutralise(p.name)], csvField, ',');
        })
        .join(''),
    );
  }
}

/** Tab-separated, one point a line, for total-station style import; the same columns as the CSV. */
export async function writeTxt({ sink, repo, project, projection, geodesy: g }: ExportContext) {
  await sink.write(line([...COLUMNS.map((c) => c.header), ...(g ? gridHeaders(g) : [])], txtField, '\t'));
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(page.map((p) => line(g ? [...rowOf(p, projection), ...gridCells(g, p)] : rowOf(p, projection), txtField, '\t')).join(''));
  }
}
