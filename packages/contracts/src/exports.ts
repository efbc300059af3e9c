import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/** The file formats a project's points export to; the spec names the first four, GIS users expect the last two. */
export const EXPORT_FORMATS = ['pdf', 'dxf', 'csv', 'txt', 'geojson', 'kml'] as const;
export const exportFormat = z
  .string({ message: 'format must be text' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(EXPORT_FORMATS, { message: `must be one of ${EXPORT_FORMATS.join(', ')}` }));
export type ExportFormat = z.infer<typeof exportFormat>;

export const exportParams = z.object({ format: exportFormat, projectId: id });

export const exportEndpoints = {
  /** Replies with a file (Content-Disposition attachment), not JSON; errors are the usual JSON reply. */
  exportPoints: endpoint({ method: 'GET', path: '/api/export/:format/:projectId', access: 'verified', params: exportParams }),
};
