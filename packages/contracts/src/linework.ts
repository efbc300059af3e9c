import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { gridFrame } from './crs.js';
import { FEATURE_KINDS } from './feature-codes.js';

/**
 * A project's linework (decisions 045, 057): lines and polygons the server builds from its coded points in the order
 * they were measured, in the project's grid (easting, northing, height in its unit, decision 039), each vertex also
 * with the point's WGS 84 position for a web map.
 */
export const lineworkVertex = z.object({
  pointId: z.string(),
  e: z.number(),
  n: z.number(),
  /** null when the point's height is not known */
  h: z.number().nullable(),
  /** DXF bulge of the segment from this vertex to the next: tan(θ/4), + counter-clockwise, 0 straight */
  bulge: z.number(),
  latitude: z.number(),
  longitude: z.number(),
});
export const lineworkLine = z.object({
  /** stable across rebuilds while the line's first point stays the same */
  key: z.string(),
  code: z.string(),
  /** the string number of parallel lines of one code ('' for none) */
  string: z.string(),
  kind: z.enum(FEATURE_KINDS),
  layer: z.string(),
  colour: z.string(),
  threeD: z.boolean(),
  closed: z.boolean(),
  /** a two-vertex line from a shot to the point its join control code named */
  join: z.boolean(),
  vertices: z.array(lineworkVertex),
});
export type LineworkLine = z.infer<typeof lineworkLine>;
export const lineworkProblem = z.object({ pointId: z.string(), pointName: z.string(), message: z.string() });
export const lineworkReply = z.object({
  success: z.literal(true),
  /** the coordinate system e/n/h are in; null for a project with neither a CRS nor points */
  frame: gridFrame.nullable(),
  lines: z.array(lineworkLine),
  /** shots whose codes could not be followed (the rest is built all the same) */
  problems: z.array(lineworkProblem),
});
export type LineworkReply = z.infer<typeof lineworkReply>;

/** Socket event to the project owner's sockets: the project's linework changed, ask for it again. */
export const LINEWORK_EVENT = 'linework' as const;
export const lineworkNotice = z.object({ ProjectId: z.string() });
export type LineworkNotice = z.infer<typeof lineworkNotice>;

export const lineworkEndpoints = {
  projectLinework: endpoint({ method: 'GET', path: '/api/projects/:projectId/linework', access: 'verified', permission: 'read', params: z.strictObject({ projectId: id }) }),
};
