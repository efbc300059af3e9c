import type { FetchedFile as ExportedFile } from '../../../lib/save-file';
import { exportEndpoints, pathFor, reportEndpoints, type ExportFormat } from '@smi/contracts';

/**
 * What the Export dropdown offers: the point exports, the csv's PNEZD preset (point, northing, easting, elevation,
 * description: what CAD imports), the csv with its photos beside it in a zip, and the survey report.
 */
export type DownloadFormat = ExportFormat | 'pnezd' | 'zip' | 'report';

/** The file name of a download: filename* (UTF-8) first, then filename, else 'project-points.{format}'. */
export function fileNameFrom(disposition: string | null, format: DownloadFormat): string {
  const fallback = format === 'report' ? 'project-report.pdf' : format === 'zip' ? 'project-points-photos.zip' : `project-points.${{ shp: 'zip', landxml: 'xml', pnezd: 'csv' }[format as string] ?? format}`;
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // a malformed encoding falls through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

export type { FetchedFile as ExportedFile } from '../../../lib/save-file';

/** Fetches the export; a refused one throws with the server's message, or 'Failed to export: {status} {statusText}'. */
export async function fetchExport(format: DownloadFormat, projectId: string): Promise<ExportedFile> {
  const path =
    format === 'report'
      ? pathFor(reportEndpoints.exportReport.path, { projectId })
      : format === 'pnezd'
        ? `${pathFor(exportEndpoints.exportPoints.path, { format: 'csv', projectId })}?preset=pnezd`
        : format === 'zip'
          ? `${pathFor(exportEndpoints.exportPoints.path, { format: 'csv', projectId })}?photos=1`
          : pathFor(exportEndpoints.exportPoints.path, { format, projectId });
  const res = await fetch(path, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' && body.message ? body.message : `Failed to export: ${res.status} ${res.statusText}`;
    throw new Error(message);
  }
  return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('Content-Disposition'), format) };
}

// the download itself is shared with the other screens that save a file
export { saveFile } from '../../../lib/save-file';
