import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The file formats a project's points export to; the first four are the original ones, GIS users expect geojson and kml,
 * surveyors shp (zipped PointZ shapefile) and landxml (LandXML 1.2 CgPoints) in the project's CRS (decision 024).
 */
export const EXPORT_FORMATS = ['pdf', 'dxf', 'csv', 'txt', 'geojson', 'kml', 'shp', 'landxml'] as const;
export const exportFormat = z
  .string({ message: 'format must be text' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(EXPORT_FORMATS, { message: `must be one of ${EXPORT_FORMATS.join(', ')}` }));
export type ExportFormat = z.infer<typeof exportFormat>;

/** `?preset=pnezd` (csv only): point number, northing, easting, elevation, description, as Civil 3D and Carlson import. */
export const EXPORT_PRESETS = ['pnezd'] as const;
export const exportQuery = z.object({
  preset: z.enum(EXPORT_PRESETS, { message: `must be one of ${EXPORT_PRESETS.join(', ')}` }).optional(),
  /** `?bom=1` (csv, txt): a UTF-8 byte-order mark first, for Excel; CAD and scripts want none, so none by default. */
  bom: z
    .enum(['0', '1'], { message: 'must be 0 or 1' })
    .optional()
    .transform((v) => v === '1'),
  /**
   * `?design=1` (csv, txt, dxf, landxml): the project's design points and lines too, marked as design (a `kind`
   * column; the DESIGN layer; a CgPoints and PlanFeatures named Design). Without it a file holds measured points only.
   */
  design: z
    .enum(['0', '1'], { message: 'must be 0 or 1' })
    .optional()
    .transform((v) => v === '1'),
  /**
   * `?photos=1` (csv, txt): a zip of the points file with every photo's original beside it, named as the file's
   * photos column names it (decision 076).
   */
  photos: z
    .enum(['0', '1'], { message: 'must be 0 or 1' })
    .optional()
    .transform((v) => v === '1'),
});
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

/** The media type each export format is sent as. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  shp: 'application/zip',
  landxml: 'application/xml; charset=utf-8',
};

export const exportParams = z.object({ format: exportFormat, projectId: id });

export const exportEndpoints = {
  /** Replies with a file (Content-Disposition attachment), not JSON; errors are the usual JSON reply. */
  exportPoints: endpoint({ method: 'GET', path: '/api/export/:format/:projectId', access: 'verified', permission: 'read', params: exportParams }),
};
