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

export const stakeGuidanceQuery = z.strictObject({
  /** the rover */
  deviceId: id,
  /** the design point to reach */
  pointId: id,
  /**
   * what forward/right are relative to: north (none; the default), travel (the rover's direction of travel, when it
   * moves faster than a walk), compass (`heading`, the phone's compass to true north, turned to grid north here)
   */
  orientation: z.enum(STAKE_ORIENTATIONS, { message: `must be one of ${STAKE_ORIENTATIONS.join(', ')}` }).default('north'),
  heading: finite(0, 360).optional(),
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
});
export type StakeGuidanceReply = z.infer<typeof stakeGuidanceReply>;

/**
 * Staking a design point (decision 070): an occupation of the rover with the project's stake method, its point named
 * `ST-<design name>` unless named, linked to the design point as it is now.
 */
export const startStakeBody = z.strictObject({
  DeviceId: id,
  PointId: id,
  Name: optionalText(POINT_NAME_MAX).optional(),
  Antenna: antennaSetup.optional(),
  ClientId: z.uuid({ message: 'must be a UUID' }).optional(),
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
  StakedBy: z.string(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type StakeRecordView = z.infer<typeof stakeRecordView>;
export const stakeRecordsReply = z.object({ success: z.literal(true), unit: z.string(), crs: z.string(), height: z.string(), records: z.array(stakeRecordView) });

const byProject = z.strictObject({ projectId: id });
export const stakeEndpoints = {
  stakeGuidance: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/guidance', access: 'verified', permission: 'read', params: byProject }),
  startStake: endpoint({ method: 'POST', path: '/api/projects/:projectId/stake/occupations', access: 'verified', permission: 'record', params: byProject, body: startStakeBody }),
  listStakeRecords: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/records', access: 'verified', permission: 'read', params: byProject }),
  /** the cut sheet: one CSV row per as-staked record */
  stakeReportCsv: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/report.csv', access: 'verified', permission: 'read', params: byProject }),
  /** the stake report: plan of the design and the staked points, then the cut sheet's table, out of tolerance marked */
  stakeReportPdf: endpoint({ method: 'GET', path: '/api/projects/:projectId/stake/report.pdf', access: 'verified', permission: 'read', params: byProject }),
};
