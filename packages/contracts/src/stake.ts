import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { LIVE_FIX_TYPES, POINT_NAME_MAX } from './points.js';
import { antennaSetup, occupationView } from './occupations.js';
import { optionalText } from './survey-fields.js';

/**
 * Stake-out guidance (decision 069): the rover's latest reading placed as an occupation would store it (antenna,
 * base setup, project CRS, calibration, geoid: the Record preview's computation) against a design point. Lengths are
 * in the project CRS's unit, bearings in degrees clockwise from grid north.
 */
export const STAKE_ORIENTATIONS = ['north', 'travel', 'compass'] as const;
export type StakeOrientation = (typeof STAKE_ORIENTATIONS)[number];

const finite = (min: number, max: number) => z.coerce.number({ message: 'must be a number' }).finite({ message: 'must be a number' }).min(min, { message: `must be at least ${min}` }).max(max, { message: `must be at most ${max}` });

export const stakeGuidanceQuery = z
  .strictObject({
    /** the rover */
    deviceId: id,
    /** the design point to reach; or lineId */
    pointId: id.optional(),
    /**
     * a design line (decision 080): without a station, onto the line (the target is the foot of the perpendicular,
     * its elevation interpolated along the line); with a station (and an offset, positive right), that point of it
     */
    lineId: id.optional(),
    station: finite(-1e7, 1e7).optional(),
    offset: finite(-1e4, 1e4).optional(),
    /**
     * what forward/right are relative to: north (none; the default), travel (the rover's direction of travel, when it
     * moves faster than a walk), compass (`heading`, the phone's compass to true north, turned to grid north here)
     */
    orientation: z.enum(STAKE_ORIENTATIONS, { message: `must be one of ${STAKE_ORIENTATIONS.join(', ')}` }).default('north'),
    heading: finite(0, 360).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.pointId === undefined) === (q.lineId === undefined)) ctx.addIssue({ code: 'custom', path: ['pointId'], message: 'give either pointId or lineId' });
    if (q.lineId === undefined && (q.station !== undefined || q.offset !== undefined)) ctx.addIssue({ code: 'custom', path: ['station'], message: 'a station or an offset needs a lineId' });
    if (q.station === undefined && q.offset !== undefined) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'an offset needs a station' });
  });
export type StakeGuidanceQuery = z.infer<typeof stakeGuidanceQuery>;

/** Why guidance is greyed: the same rule as recording (isFixFresh), and stake-out asks RTK fixed on top. */
export const STAKE_BLOCKS = ['no-position', 'stale', 'not-survey-fix', 'not-fixed', 'no-frame'] as const;
export type StakeBlock = (typeof STAKE_BLOCKS)[number];

const num = z.number();
export const stakeGuidance = z.object({
  /** the way to go: target - rover */
  goNorth: num,
  goEast: num,
  /** the as-staked differences: rover - design */
  dN: num,
  dE: num,
  /** rover (pole tip) - design elevation, positive: cut; null without a design elevation or a rover height */
  dH: num.nullable(),
  cutFill: z.object({ kind: z.enum(['cut', 'fill', 'on grade']), amount: num }).nullable(),
  distance: num,
  /** grid bearing from the rover to the target */
  bearing: num,
  /** with a heading: how far the target is ahead (negative: behind) and to the right (negative: left) */
  forward: num.nullable(),
  right: num.nullable(),
  relativeBearing: num.nullable(),
  /** the grid heading forward/right are relative to, and where it came from; null: north-up */
  heading: num.nullable(),
  headingSource: z.enum(['travel', 'compass']).nullable(),
  proximity: z.enum(['near', 'far']),
  within: z.object({ horizontal: z.boolean(), vertical: z.boolean().nullable(), both: z.boolean() }),
});
export type StakeGuidance = z.infer<typeof stakeGuidance>;

export const stakeGuidanceReply = z.object({
  success: z.literal(true),
  /** the project CRS's linear unit every length is in */
  unit: z.string(),
  crs: z.string(),
  height: z.string(),
  target: z.object({ id: z.string(), name: z.string(), easting: num, northing: num, elevation: num.nullable() }),
  /** the rover's reading as it arrived */
  fix: z.object({
    type: z.union([z.enum(LIVE_FIX_TYPES), z.literal('N/A')]),
    satellites: num.nullable(),
    correctionAge: num.nullable(),
    /** seconds since the fix */
    age: num.nullable(),
    time: z.string().nullable(),
  }),
  /** guidance may be trusted: RTK fixed and fresh; else blocked says why and the guidance (if any) is greyed */
  live: z.boolean(),
  blocked: z.enum(STAKE_BLOCKS).nullable(),
  reason: z.string().nullable(),
  /** the pole tip in the project's coordinates (decision 039) */
  rover: z.object({ easting: num, northing: num, height: num.nullable() }).nullable(),
  /** horizontal speed over the last seconds, project unit per second; null until two positions are known */
  speed: num.nullable(),
  guidance: stakeGuidance.nullable(),
  tolerance: z.object({ horizontal: num, vertical: num, radius: num }),
  /** staking to a design line: where the rover is along it (null for a design point, or without a position) */
  line: z
    .object({
      id: z.string(),
      name: z.string(),
      /** the rover's station along the line and offset from it (positive right of its direction) */
      station: num,
      offset: num,
      /** "0+020.000 R1.5" as a stake is named */
      label: z.string(),
      /** before the first vertex or after the last: the station runs on along the end's tangent */
      beyond: z.enum(['start', 'end']).nullable(),
      /** the design elevation interpolated along the line at the rover's station; rover - it, positive: cut */
      elevation: num.nullable(),
      dH: num.nullable(),
      cutFill: z.object({ kind: z.enum(['cut', 'fill', 'on grade']), amount: num }).nullable(),
      /** the target's station and offset (the foot of the perpendicular when staking onto the line) */
      targetStation: num,
      targetOffset: num,
      /** how far to go along the line (target - rover station) and to the right (target - rover offset) */
      goAhead: num,
      goRight: num,
    })
    .nullable(),
});
export type StakeGuidanceReply = z.infer<typeof stakeGuidanceReply>;

/**
 * Staking a design point (decision 070): an occupation of the rover with the project's stake method, its point named
 * `ST-<design name>` unless named, linked to the design point as it is now.
 */
export const startStakeBody = z
  .strictObject({
    DeviceId: id,
    /** a design point; or LineId with Station (and Offset, positive right: 0 on the line) */
    PointId: id.optional(),
    LineId: id.optional(),
    Station: z.number({ message: 'must be a number' }).finite({ message: 'must be a number' }).min(-1e7, { message: 'is out of range' }).max(1e7, { message: 'is out of range' }).optional(),
    Offset: z.number({ message: 'must be a number' }).finite({ message: 'must be a number' }).min(-1e4, { message: 'is out of range' }).max(1e4, { message: 'is out of range' }).optional(),
    Name: optionalText(POINT_NAME_MAX).optional(),
    Antenna: antennaSetup.optional(),
    ClientId: z.uuid({ message: 'must be a UUID' }).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.PointId === undefined) === (b.LineId === undefined)) ctx.addIssue({ code: 'custom', path: ['PointId'], message: 'give either PointId or LineId' });
    if (b.LineId !== undefined && b.Station === undefined) ctx.addIssue({ code: 'custom', path: ['Station'], message: 'a line is staked at a station' });
    if (b.LineId === undefined && (b.Station !== undefined || b.Offset !== undefined)) ctx.addIssue({ code: 'custom', path: ['Station'], message: 'a station or an offset needs a LineId' });
  });
export type StartStakeBody = z.infer<typeof startStakeBody>;
export const startStakeReply = z.object({ success: z.literal(true), occupation: occupationView });

const xyz = z.object({ easting: num, northing: num, elevation: num.nullable() });
/** One as-staked record: the design as staked against, the stored point in the project's coordinates, rover - design. */
export const stakeRecordView = z.object({
  OccupationId: z.string(),
  /** the occupation's: running, paused, done, cancelled, failed */
  Status: z.string(),
  PointId: z.string().nullable(),
  PointName: z.string(),
  /** the design point (null once deleted) and its coordinates when staking started */
  DesignPointId: z.string().nullable(),
  Design: xyz.extend({ name: z.string() }),
  Staked: xyz.nullable(),
  dN: num.nullable(),
  dE: num.nullable(),
  /** staked - design elevation, positive: cut */
  dH: num.nullable(),
  distance: num.nullable(),
  cutFill: z.enum(['cut', 'fill', 'on grade']).nullable(),
  within: z.object({ horizontal: z.boolean(), vertical: z.boolean().nullable(), both: z.boolean() }).nullable(),
  tolerance: z.object({ horizontal: num, vertical: num }),
  /**
   * staked on a design line (decision 080): the line (id null once deleted), the target's station and offset, and
   * the stored point's own station and offset against the line as it was when staking started
   */
  Line: z
    .object({
      id: z.string().nullable(),
      name: z.string(),
      station: num,
      offset: num,
      stakedStation: num.nullable(),
      stakedOffset: num.nullable(),
    })
    .nullable(),
  StakedBy: z.string(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type StakeRecordView = z.infer<typeof stakeRecordView>;
export const stakeRecordsReply = z.object({ success: z.literal(true), unit: z.string(), crs: z.string(), height: z.string(), records: z.array(stakeRecordView) });

/** Stations along a design line at an interval (decision 080), in the project's unit. */
export const stakeStationsQuery = z.strictObject({
  interval: finite(0.001, 1e6),
  /** offsets at each station, comma separated, positive right ("-5,0,5"); default 0 */
  offsets: z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?(\s*,\s*-?\d+(\.\d+)?){0,19}\s*$/, { message: 'must be up to 20 numbers separated by commas' })
    .optional(),
  /** true: every interval from the line's start station; false (default): at multiples of the interval */
  relative: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
});
export const stakeStation = z.object({ name: z.string(), station: num, offset: num, easting: num, northing: num, elevation: num.nullable() });
export const stakeStationsReply = z.object({
  success: z.literal(true),
  unit: z.string(),
  line: z.object({ id: z.string(), name: z.string(), startStation: num, endStation: num }),
  stations: z.array(stakeStation),
});
export type StakeStationsReply = z.infer<typeof stakeStationsReply>;

const byProject = z.strictObject({ projectId: id });
const byLine = z.strictObject({ projectId: id, lineId: id });
export const stakeEndpoints = {
  stakeGuidance: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/guidance', access: 'verified', permission: 'read', params: byProject }),
  startStake: endpoint({ method: 'POST', path: '/api/projects/:projectId/stake/occupations', access: 'verified', permission: 'record', params: byProject, body: startStakeBody }),
  listStakeRecords: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/records', access: 'verified', permission: 'read', params: byProject }),
  /** the cut sheet: one CSV row per as-staked record */
  stakeReportCsv: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/report.csv', access: 'verified', permission: 'read', params: byProject }),
  /** the stake report: plan of the design and the staked points, then the cut sheet's table, out of tolerance marked */
  stakeStations: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/lines/:lineId/stations', access: 'verified', permission: 'read', params: byLine }),
  stakeReportPdf: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/report.pdf', access: 'verified', permission: 'read', params: byProject }),
};

/**
 * The stake-out screen's socket events (decision 069): `watch` names the project, rover and design point (null stops);
 * the server then pushes `guidance`, computed as the guidance route computes it, for every reading of that rover.
 * One watch per socket: a new one replaces the last.
 */
export const STAKE_SOCKET_EVENTS = { watch: 'stake:watch', guidance: 'stake:guidance' } as const;
/** What a socket stakes: the guidance route's query (a design point, or a line with its station and offset) and the project. */
export const stakeWatchRequest = z.union([
  z.null(),
  z.looseObject({ projectId: id }).transform((v, ctx) => {
    const { projectId, ...query } = v;
    const q = stakeGuidanceQuery.safeParse(query);
    if (q.success) return { projectId, ...q.data };
    for (const issue of q.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }),
]);
export type StakeWatchRequest = z.output<typeof stakeWatchRequest>;
export const stakeWatchAck = z.object({ success: z.boolean(), message: z.string().optional() });
export type StakeWatchAck = z.infer<typeof stakeWatchAck>;
/** A pushed guidance names what it guides, so a reply of a replaced watch is told apart. */
export const stakePushedGuidance = stakeGuidanceReply.extend({
  projectId: z.string(),
  deviceId: z.string(),
  pointId: z.string().nullable(),
  lineId: z.string().nullable(),
  station: z.number().nullable(),
  offset: z.number().nullable(),
});
export type StakePushedGuidance = z.infer<typeof stakePushedGuidance>;
