import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { latitude, longitude } from './survey-fields.js';

/** Coordinate systems, heights and site calibration (decision 024). */

export const crsSearchQuery = z.strictObject({
  query: z.string({ message: 'must be text' }).trim().min(1, { message: 'is required' }).max(100, { message: 'must be at most 100 characters' }),
});

export const crsSummary = z.object({
  code: z.number(),
  name: z.string(),
  kind: z.enum(['projected', 'geographic']),
  /** EPSG's unit name: metre, US survey foot, foot (international), degree. */
  unit: z.string(),
  area: z.string(),
  /** The NTv2 grid the datum shift needs, if any (read from GRIDS_DIR). */
  grid: z.string().nullable(),
});
export type CrsSummary = z.infer<typeof crsSummary>;
export const crsSearchReply = z.object({ success: z.literal(true), crs: z.array(crsSummary) });

export const VERTICAL_REFERENCES = ['ellipsoidal', 'geoid'] as const;
export const CORRECTIONS_DATUMS = ['WGS84', 'ETRS89', 'NAD83(2011)', 'ITRF2014', 'ITRF2020'] as const;

const epsgCode = z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1024, { message: 'must be an EPSG code' }).max(99999, { message: 'must be an EPSG code' });

export const projectCrsBody = z.strictObject({
  crsCode: epsgCode,
  vertical: z.enum(VERTICAL_REFERENCES, { message: 'must be ellipsoidal or geoid' }).default('ellipsoidal'),
  /** "EGM96" (built in) or a .gtx file of the grids folder. */
  geoidModel: z.string({ message: 'must be text' }).trim().min(1).max(200).nullable().optional(),
  verticalCrsCode: epsgCode.nullable().optional(),
  correctionsDatum: z.enum(CORRECTIONS_DATUMS, { message: `must be one of ${CORRECTIONS_DATUMS.join(', ')}` }).default('WGS84'),
  /** The 7-parameter shift instead of the CRS's grid: an explicit, flagged choice. */
  helmertFallback: z.boolean({ message: 'must be true or false' }).default(false),
});
export type ProjectCrsBody = z.infer<typeof projectCrsBody>;

export const projectCrsView = z.object({
  crs: crsSummary.nullable(),
  /** The unit grid coordinates are in, as shown: "metre", "US survey foot", "international foot", "degree". */
  unitLabel: z.string().nullable(),
  vertical: z.enum(VERTICAL_REFERENCES),
  geoidModel: z.string().nullable(),
  verticalCrsCode: z.number().nullable(),
  correctionsDatum: z.enum(CORRECTIONS_DATUMS),
  helmertFallback: z.boolean(),
  /** Geoid models available: EGM96 and the .gtx and GeoTIFF files of the grids folder. */
  geoidModels: z.array(z.string()),
  /** The EPSG vertical CRSs whose geoid grid is here (EGM96 height always), with the model they use. */
  verticalCrsOptions: z.array(z.object({ code: z.number(), name: z.string(), model: z.string() })),
});
export type ProjectCrsView = z.infer<typeof projectCrsView>;
export const projectCrsReply = z.object({ success: z.literal(true), settings: projectCrsView });

const coordinate = z.number({ message: 'must be a number' }).refine(Number.isFinite, { message: 'must be a finite number' });

export const calibrationPairBody = z.strictObject({
  name: z.string({ message: 'must be text' }).trim().min(1, { message: 'is required' }).max(100),
  /** Where the GNSS measured the control: WGS 84 degrees, ellipsoidal height in metres (null: horizontal only). */
  latitude,
  longitude,
  ellipsoidalHeight: coordinate.nullable().default(null),
  /** The project's point measured there, if any: its base setup's frame and its time are used. */
  pointId: id.optional(),
  /** The control's known coordinates in the project's CRS (its unit) and its known height (metres, null: none). */
  easting: coordinate,
  northing: coordinate,
  height: coordinate.nullable().default(null),
});
export const calibrationBody = z.strictObject({
  pairs: z.array(calibrationPairBody, { message: 'must be a list of pairs' }).min(2, { message: 'at least two pairs are needed' }).max(200, { message: 'at most 200 pairs' }),
  fixScale: z.boolean({ message: 'must be true or false' }).default(false),
  toleranceH: z.number().positive().max(10).default(0.03),
  toleranceV: z.number().positive().max(10).default(0.05),
});
export type CalibrationBody = z.infer<typeof calibrationBody>;

export const calibrationView = z.object({
  version: z.number(),
  crsCode: z.number(),
  createdAt: z.string(),
  fixScale: z.boolean(),
  horizontal: z.object({ tE: z.number(), tN: z.number(), scale: z.number(), rotationArcsec: z.number(), a: z.number(), b: z.number() }).nullable(),
  vertical: z.object({ kind: z.enum(['constant', 'plane']), dh: z.number(), slopeLat: z.number(), slopeLon: z.number(), lat0: z.number(), lon0: z.number() }).nullable(),
  residuals: z.array(z.object({ name: z.string(), dE: z.number().nullable(), dN: z.number().nullable(), dH: z.number().nullable(), overTolerance: z.boolean() })),
  rmsH: z.number().nullable(),
  rmsV: z.number().nullable(),
  warnings: z.array(z.string()),
});
export type CalibrationView = z.infer<typeof calibrationView>;
export const calibrationReply = z.object({ success: z.literal(true), calibration: calibrationView.nullable() });

/**
 * The coordinate system a point's project coordinates are in, as every file and screen names it: the project's CRS,
 * or the default a project without one is given (WGS 84 / UTM of its points, EGM96 heights).
 */
export const gridFrame = z.object({
  /** "EPSG:2236 NAD83 / Florida East (ftUS)" */
  crsLabel: z.string(),
  crsCode: z.number(),
  /** "metre", "US survey foot", "international foot", "degree" */
  unitLabel: z.string(),
  /** "m", "ftUS", "ft", "°" */
  unitSymbol: z.string(),
  /** The symbol heights are in ("m" for a geographic CRS) */
  heightUnitSymbol: z.string(),
  /** "EGM96", a geoid file name, or "ellipsoidal" */
  heightLabel: z.string(),
  /** "orthometric (EGM96)" or "ellipsoidal (WGS 84)" */
  heightName: z.string(),
  orthometric: z.boolean(),
  /** The calibration version applied, or null. */
  calibrationVersion: z.number().nullable(),
  /** True when the project has no CRS set and this is its default. */
  isDefault: z.boolean(),
});
export type GridFrame = z.infer<typeof gridFrame>;
export const gridCoordinate = z.object({ easting: z.number(), northing: z.number(), height: z.number().nullable() });
export type GridCoordinate = z.infer<typeof gridCoordinate>;

/** GET /api/projects/grid-points/:id: every point's grid coordinate (null outside the CRS), by point id. */
export const gridPointsReply = z.object({
  success: z.literal(true),
  frame: gridFrame.nullable(),
  points: z.record(z.string(), gridCoordinate.nullable()),
});
export type GridPointsReply = z.infer<typeof gridPointsReply>;

const byId = z.strictObject({ id });

export const crsEndpoints = {
  /** GET /api/crs?query=...: EPSG projected and geographic CRSs by code or name (query string, not params). */
  searchCrs: endpoint({ method: 'GET', path: '/api/crs', access: 'session', permission: 'account' }),
  getProjectCrs: endpoint({ method: 'GET', path: '/api/projects/crs/:id', access: 'verified', permission: 'read', params: byId }),
  setProjectCrs: endpoint({ method: 'PUT', path: '/api/projects/crs/:id', access: 'verified', permission: 'manage', params: byId, body: projectCrsBody }),
  getCalibration: endpoint({ method: 'GET', path: '/api/projects/calibration/:id', access: 'verified', permission: 'read', params: byId }),
  setCalibration: endpoint({ method: 'PUT', path: '/api/projects/calibration/:id', access: 'verified', permission: 'manage', params: byId, body: calibrationBody }),
  removeCalibration: endpoint({ method: 'DELETE', path: '/api/projects/calibration/:id', access: 'verified', permission: 'manage', params: byId }),
  gridPoints: endpoint({ method: 'GET', path: '/api/projects/grid-points/:id', access: 'verified', permission: 'read', params: byId }),
};
