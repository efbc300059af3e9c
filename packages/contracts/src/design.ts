import { z } from 'zod';
import { id, noNul } from './common.js';
import { endpoint } from './endpoint.js';
import { caseless, optionalText, requiredText } from './survey-fields.js';

/**
 * Design data (decision 058): the points and lines a project is staked out from, kept apart from its measured
 * points. Coordinates travel in the project CRS's unit (easting, northing, elevation in the project's vertical
 * reference); the server keeps them in metres.
 */

export const DESIGN_IMPORT_FORMATS = ['csv', 'landxml', 'dxf', 'geojson'] as const;
export type DesignImportFormat = (typeof DESIGN_IMPORT_FORMATS)[number];
export const DESIGN_FILE_UNITS = ['metre', 'foot', 'US survey foot'] as const;

/** The largest design file one import takes, and the most rows (points plus line vertices). */
export const DESIGN_IMPORT_LIMITS = { bytes: 20 * 1024 * 1024, rows: 100_000 } as const;
/**
 * The JSON body that carries a design file: its text escaped as a JSON string (a newline or a tab takes two
 * characters), so room for twice the file's limit; the file's own size is checked against its limit by the importer.
 */
export const DESIGN_IMPORT_BODY_BYTES = 2 * DESIGN_IMPORT_LIMITS.bytes + 64 * 1024;

const NAME_MAX = 64;
const CODE_MAX = 120;

/** A length in the project's unit: finite, and not so large that a typing slip is stored as a coordinate. */
const coordinate = z.number({ message: 'must be a number' }).finite({ message: 'must be a finite number' }).min(-1e9, { message: 'is out of range' }).max(1e9, { message: 'is out of range' });

export const designImportBody = z.strictObject({
  format: caseless(DESIGN_IMPORT_FORMATS, `must be one of ${DESIGN_IMPORT_FORMATS.join(', ')}`),
  /** the file's text, as read by the browser */
  content: z
    .string({ message: 'must be the text of the file' })
    .max(DESIGN_IMPORT_BODY_BYTES, { message: `must be at most ${DESIGN_IMPORT_LIMITS.bytes / 1024 / 1024} MB` })
    .refine(noNul, { message: 'must be a text file' }),
  /**
   * CSV/TXT only (required there): a layout (PNEZD, PENZD, PNEZ, PENZ, NEZ, ENZ, NEZD, ENZD, name-lat-lon-h) or the
   * role of each column in order (name, n, e, h, code, lat, lon, skip). Latitude/longitude rows are WGS 84 with
   * ellipsoidal heights.
   */
  columns: z.union([z.string().max(40), z.array(z.string().max(10)).min(1).max(50)], { message: 'must be a layout name or a list of column roles' }).optional(),
  /** CSV/TXT: the field delimiter; auto (the default) finds it from the first lines */
  delimiter: z.enum(['auto', ',', ';', '\t', ' '], { message: 'must be auto, comma, semicolon, tab or space' }).optional(),
  /** CSV/TXT: whether the first row is a header; auto (the default) finds out */
  header: z.union([z.boolean(), z.literal('auto')], { message: 'must be true, false or auto' }).optional(),
  /** CSV/TXT: whether numbers use a decimal comma; auto (the default) finds out */
  decimalComma: z.union([z.boolean(), z.literal('auto')], { message: 'must be true, false or auto' }).optional(),
  /** CSV/TXT and DXF: the unit of the file's coordinates (CSV default metre; DXF default its $INSUNITS) */
  unit: z.enum(DESIGN_FILE_UNITS, { message: `must be one of ${DESIGN_FILE_UNITS.join(', ')}` }).optional(),
  /** import the good rows of a file that has bad ones (a problem with the whole file is never accepted) */
  acceptErrors: z.boolean({ message: 'must be true or false' }).optional(),
});
export type DesignImportBody = z.infer<typeof designImportBody>;

export const designPointBody = z.strictObject({
  name: requiredText(NAME_MAX, 'name is required'),
  easting: coordinate,
  northing: coordinate,
  /** the design elevation; null: a 2D point (no cut/fill against it) */
  elevation: coordinate.nullable().optional(),
  code: optionalText(CODE_MAX).optional(),
  layer: optionalText(CODE_MAX).optional(),
});
export type DesignPointBody = z.infer<typeof designPointBody>;
/** An edit: only the fields given change. */
export const designPointPatch = designPointBody.partial();

const message = z.object({ line: z.number().int().nullable(), message: z.string() });
export const designPointView = z.object({
  id: z.string(),
  name: z.string(),
  easting: z.number(),
  northing: z.number(),
  elevation: z.number().nullable(),
  code: z.string(),
  layer: z.string(),
  /** 'typed', or the format of the file it came from */
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DesignPointView = z.infer<typeof designPointView>;
export const designLineView = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  layer: z.string(),
  closed: z.boolean(),
  /** the station of the first vertex, in the project's unit */
  startStation: z.number(),
  /** bulge: the arc to the next vertex, tan(sweep / 4), positive counter-clockwise; 0 straight */
  vertices: z.array(z.object({ easting: z.number(), northing: z.number(), elevation: z.number().nullable(), bulge: z.number() })),
  source: z.string(),
  createdAt: z.string(),
});
export type DesignLineView = z.infer<typeof designLineView>;

/** The coordinate system the numbers are in, as every file names it. */
const designFrame = z.object({ crs: z.string(), unit: z.string(), height: z.string() });
const designFrameOrNone = designFrame.nullable();
/** frame null: the project has no coordinate system (numbers in metres, as stored) */
export const designReply = z.object({ success: z.literal(true), frame: designFrameOrNone, points: z.array(designPointView), lines: z.array(designLineView) });
export const designPointReply = z.object({ success: z.literal(true), message: z.string().optional(), point: designPointView });
export const designImportReply = z.object({
  success: z.literal(true),
  message: z.string(),
  imported: z.object({ points: z.number().int(), lines: z.number().int() }),
  /** the rows left out (only with acceptErrors) */
  errors: z.array(message),
  warnings: z.array(message),
});
/**
 * The 400 of an import that stored nothing because of bad rows: every problem by its line (null: the whole file) and
 * how many points and lines are good, which `acceptErrors` would import (0 when the whole file is refused).
 */
export const designImportRefusal = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(message),
  warnings: z.array(message),
  points: z.number().int(),
  lines: z.number().int(),
});
export type DesignImportRefusal = z.infer<typeof designImportRefusal>;
export const designPreviewReply = z.object({
  success: z.literal(true),
  frame: designFrame,
  /** CSV/TXT: the settings the rows were read with and the first rows as split fields; null for other formats */
  csv: z
    .object({ delimiter: z.string(), header: z.boolean(), decimalComma: z.boolean(), suggestedColumns: z.array(z.string()).nullable(), rows: z.array(z.object({ line: z.number().int(), fields: z.array(z.string()) })) })
    .nullable(),
  /** the first points and lines as they would be imported */
  points: z.array(designPointView.omit({ id: true, createdAt: true, updatedAt: true }).extend({ line: z.number().int() })),
  lines: z.array(designLineView.omit({ id: true, createdAt: true }).extend({ line: z.number().int() })),
  /** CSV: the problems of the rows shown; other formats: every problem of the file */
  errors: z.array(message),
  warnings: z.array(message),
});
export type DesignPreviewReply = z.infer<typeof designPreviewReply>;

const byProject = z.strictObject({ projectId: id });
const byPoint = z.strictObject({ projectId: id, pointId: id });
const byLine = z.strictObject({ projectId: id, lineId: id });

export const designEndpoints = {
  listDesign: endpoint({ method: 'GET', path: '/api/projects/:projectId/design', access: 'verified', permission: 'read', params: byProject }),
  /** what an import would read, without storing anything */
  previewDesignImport: endpoint({ method: 'POST', path: '/api/projects/:projectId/design/preview', access: 'verified', permission: 'manage', params: byProject, body: designImportBody }),
  /** 201; 400 {errors, warnings, points, lines} naming every bad row, nothing stored, unless acceptErrors */
  importDesign: endpoint({ method: 'POST', path: '/api/projects/:projectId/design/import', access: 'verified', permission: 'manage', params: byProject, body: designImportBody }),
  createDesignPoint: endpoint({ method: 'POST', path: '/api/projects/:projectId/design/points', access: 'verified', permission: 'manage', params: byProject, body: designPointBody }),
  updateDesignPoint: endpoint({ method: 'PUT', path: '/api/projects/:projectId/design/points/:pointId', access: 'verified', permission: 'manage', params: byPoint, body: designPointPatch }),
  deleteDesignPoint: endpoint({ method: 'DELETE', path: '/api/projects/:projectId/design/points/:pointId', access: 'verified', permission: 'manage', params: byPoint }),
  deleteDesignLine: endpoint({ method: 'DELETE', path: '/api/projects/:projectId/design/lines/:lineId', access: 'verified', permission: 'manage', params: byLine }),
};
