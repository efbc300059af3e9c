import type { Logger } from '../logger.js';
import type { ExportContext } from './context.js';
import type { ExportPoint } from './repository.js';
import { writeCsv, writeTxt } from './tabular.js';
import { ZipStream } from './zip-stream.js';

/**
 * The points file and the photo files beside it, in one zip (decision 076): `<stem>-points.csv` (or .txt) exactly as
 * its own download writes it, then every photo's original, byte for byte, under the name the file's photos column
 * gives it. The table is written first, and the photos it named are read one at a time after it: a project's photos
 * are never all in memory. Photos are stored, not deflated (a JPEG does not shrink).
 */
export async function writePointsWithPhotos(
  ctx: ExportContext,
  format: 'csv' | 'txt',
  fileStem: string,
  readPhoto: (storageKey: string) => Promise<Buffer | null>,
  log: Pick<Logger, 'error'>,
): Promise<void> {
  const zip = new ZipStream(ctx.sink);
  const files: ExportPoint['photoFiles'] = [];
  const repo: ExportContext['repo'] = {
    ...ctx.repo,
    async *pages(projectId, section) {
      for await (const page of ctx.repo.pages(projectId, section)) {
        for (const p of page) files.push(...p.photoFiles);
        yield page;
      }
    },
  };
  const table = await zip.begin(`${fileStem}-points.${format}`);
  await (format === 'csv' ? writeCsv : writeTxt)({ ...ctx, repo }, table);
  await table.end();
  for (const f of files) {
    if (!ctx.sink.alive) return;
    const bytes = await readPhoto(f.storageKey);
    // a row without its file is a fault of the store, logged as the photo's own endpoint logs it
    if (!bytes) log.error({ storageKey: f.storageKey, photoId: f.id }, 'a photo row without its file: left out of the zip');
    else await zip.stored(f.name, bytes);
  }
  await zip.finish();
}
