import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { designPointBody, designPointView } from './design.js';

/**
 * COGO (decision 077) on a project's design and measured points: inverse, area of a ring, a point by bearing and
 * distance. Every length is in the project CRS's unit, bearings in decimal degrees clockwise from grid north.
 */
export const COGO_POINT_KINDS = ['design', 'measured'] as const;
export type CogoPointKind = (typeof COGO_POINT_KINDS)[number];

/** A point of the project: a design point or a measured one, by its id. */
export const cogoPointRef = z.strictObject({
  kind: z.enum(COGO_POINT_KINDS, { message: `must be one of ${COGO_POINT_KINDS.join(', ')}` }),
  id,
});
export type CogoPointRef = z.infer<typeof cogoPointRef>;

const finite = z.number({ message: 'must be a number' }).finite({ message: 'must be a finite number' });
/** The most points a ring may have: more is a file, not a chosen ring. */
export const COGO_RING_MAX = 500;

export const cogoInverseBody = z.strictObject({ from: cogoPointRef, to: cogoPointRef });
export type CogoInverseBody = z.infer<typeof cogoInverseBody>;

export const cogoAreaBody = z.strictObject({
  points: z.array(cogoPointRef).min(3, { message: 'an area needs 3 points or more' }).max(COGO_RING_MAX, { message: `at most ${COGO_RING_MAX} points` }),
});
export type CogoAreaBody = z.infer<typeof cogoAreaBody>;

export const COGO_DISTANCE_KINDS = ['grid', 'ground'] as const;
export const cogoTraverseBody = z.strictObject({
  from: cogoPointRef,
  /** grid bearing, decimal degrees, 0 <= azimuth < 360 */
  azimuth: finite.min(0, { message: 'must be at least 0' }).lt(360, { message: 'must be less than 360' }),
  /** in the project's unit */
  distance: finite.positive({ message: 'must be more than 0' }).max(1e6, { message: 'is out of range' }),
  /** grid (the default) or ground: a ground distance is reduced to grid by the line's combined factor */
  distanceKind: z.enum(COGO_DISTANCE_KINDS, { message: `must be one of ${COGO_DISTANCE_KINDS.join(', ')}` }).default('grid'),
  /** height difference to the new point; without it the point has no elevation */
  dH: finite.min(-1e5, { message: 'is out of range' }).max(1e5, { message: 'is out of range' }).optional(),
});
export type CogoTraverseBody = z.infer<typeof cogoTraverseBody>;
/** The same computation, stored as a design point with a name (and code, layer). */
export const cogoStoreBody = cogoTraverseBody.extend(designPointBody.pick({ name: true, code: true, layer: true }).shape);
export type CogoStoreBody = z.infer<typeof cogoStoreBody>;

const num = z.number();
const placed = z.object({ kind: z.enum(COGO_POINT_KINDS), id: z.string(), name: z.string(), easting: num, northing: num, elevation: num.nullable() });
const frame = { success: z.literal(true), unit: z.string(), crs: z.string(), height: z.string() };
const factors = z.object({
  /**
   * the grid's scale factor along the line (Simpson's rule over its ends and middle): the projection's, times a
   * site calibration's Helmert scale when the project has one
   */
  scale: num,
  /** R / (R + h), h the mean WGS 84 ellipsoidal height of the ends */
  elevation: num,
  /** scale x elevation: grid distance = ground distance x combined */
  combined: num,
});

export const cogoInverseReply = z.object({
  ...frame,
  from: placed,
  to: placed,
  dE: num,
  dN: num,
  /** to - from, null when either has no elevation */
  dH: num.nullable(),
  gridDistance: num,
  /** grid bearing from -> to, decimal degrees, and as degrees-minutes-seconds */
  azimuth: num,
  azimuthDms: z.string(),
  /** null when an end has no height to reduce to the ground with (groundNote says so) */
  groundDistance: num.nullable(),
  factors: factors.nullable(),
  groundNote: z.string().nullable(),
  /** the 3D distance (from the ground distance when there is one); null without dH */
  slopeDistance: num.nullable(),
  /** dH / horizontal distance x 100 */
  slopePercent: num.nullable(),
});
export type CogoInverseReply = z.infer<typeof cogoInverseReply>;

export const cogoAreaReply = z.object({
  ...frame,
  points: z.array(placed),
  /** grid area in the unit squared, and in square metres and hectares */
  area: num,
  squareMetres: num,
  hectares: num,
  /** the closing side included */
  perimeter: num,
  /** the area's ring runs clockwise (false: counter-clockwise) */
  clockwise: z.boolean(),
  /** two sides cross: the area of such a ring means nothing */
  selfIntersecting: z.boolean(),
});
export type CogoAreaReply = z.infer<typeof cogoAreaReply>;

export const cogoTraverseReply = z.object({
  ...frame,
  from: placed,
  point: z.object({ easting: num, northing: num, elevation: num.nullable() }),
  azimuth: num,
  azimuthDms: z.string(),
  /** the distance on the grid the point was set out at (the ground one reduced when ground was asked) */
  gridDistance: num,
  factors: factors.nullable(),
});
export type CogoTraverseReply = z.infer<typeof cogoTraverseReply>;
export const cogoStoreReply = cogoTraverseReply.extend({ message: z.string(), stored: designPointView });
export type CogoStoreReply = z.infer<typeof cogoStoreReply>;

const byProject = z.strictObject({ projectId: id });
export const cogoEndpoints = {
  cogoInverse: endpoint({ method: 'POST', path: '/api/projects/:projectId/cogo/inverse', access: 'verified', permission: 'read', params: byProject, body: cogoInverseBody }),
  cogoArea: endpoint({ method: 'POST', path: '/api/projects/:projectId/cogo/area', access: 'verified', permission: 'read', params: byProject, body: cogoAreaBody }),
  cogoTraverse: endpoint({ method: 'POST', path: '/api/projects/:projectId/cogo/point', access: 'verified', permission: 'read', params: byProject, body: cogoTraverseBody }),
  /** the point by bearing and distance, stored as a design point of the project */
  cogoStorePoint: endpoint({ method: 'POST', path: '/api/projects/:projectId/cogo/design-points', access: 'verified', permission: 'record', params: byProject, body: cogoStoreBody }),
};
