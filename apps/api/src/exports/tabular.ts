import { stringify } from 'csv-stringify/sync';
import type { ExportContext } from './context.js';
import { COLUMNS, rowOf } from './columns.js';

/**
 * CSV (RFC 4180: comma, CRLF, quotes where needed, UTF-8 with a BOM so spreadsheets pick the right encoding)
 * written one page of points at a time.
 */
export async function writeCsv({ sink, repo, project, projection }: ExportContext) {
  const options = { record_delimiter: 'windows' as const, cast: { number: String } };
  await sink.write(stringify([COLUMNS.map((c) => c.header)], { ...options, bom: true }));
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(stringify(page.map((p) => rowOf(p, projection)), options));
  }
}

/** Tab-separated, one point a line, no quoting: tabs and line breaks inside text become spaces. */
export async function writeTxt({ sink, repo, project, projection }: ExportContext) {
  const line = (cells: (string | number | null)[]) =>
    cells.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : c.replace(/[\t\r\n\v\f\u0085\u2028\u2029]/g, ' '))).join('\t');
  await sink.write(`${line(COLUMNS.map((c) => c.header))}\r\n`);
  for await (const page of repo.pages(project.id)) {
    if (!sink.alive) return;
    await sink.write(page.map((p) => `${line(rowOf(p, projection))}\r\n`).join(''));
  }
}
