import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { ANTENNA_HEIGHT_TYPES, POINT_NAME_MAX, pointCodeFields } from './points.js';
import { SECTION_NAME_MAX } from './projects.js';
import { optionalText } from './survey-fields.js';

/**
 * Survey-grade measurement (decisions 016, 021): an occupation measures one point (or, continuous, a point every N s / N m)
 * on the server from every epoch the rover sends, under quality tolerances, and stores it with its precision
 * evidence and raw epochs.
 */
export const OCCUPATION_METHODS = ['rapid', 'topo', 'control', 'continuous'] as const;
export type OccupationMethod = (typeof OCCUPATION_METHODS)[number];
export const OCCUPATION_STATUSES = ['running', 'paused', 'done', 'cancelled', 'failed'] as const;
export type OccupationStatus = (typeof OCCUPATION_STATUSES)[number];
export const OCCUPATION_ACTIVE: readonly OccupationStatus[] = ['running', 'paused'];

/** Why an epoch was not used: the gate it failed, or the statistics that rejected it. */
export const EPOCH_REJECT_REASONS = ['no-position', 'not-fixed', 'sigma-h', 'sigma-v', 'pdop', 'satellites', 'correction-age', 'outlier', 'split'] as const;
export type EpochRejectReason = (typeof EPOCH_REJECT_REASONS)[number];

/** What a running occupation still needs: more epochs, more seconds, a smaller sigma H or V than its limit. */
export const OCCUPATION_WAITS = ['epochs', 'seconds', 'sigma-h', 'sigma-v'] as const;
export type OccupationWait = (typeof OCCUPATION_WAITS)[number];

/** Warning codes an occupation adds to its point (decision 016 lists the shared ones). */
export const OCCUPATION_WARNINGS = ['float-allowed', 'stopped-early', 'hdop-for-pdop', 'split', 'no-receiver-sigma', 'no-geoid-separation'] as const;

const metres = (max: number) => z.number({ message: 'must be a number' }).min(0, { message: 'must be 0 or more' }).max(max, { message: `must be at most ${max}` });
const count = (max: number) => z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(0).max(max, { message: `must be at most ${max}` });

/** Quality tolerances of a method; null means "no limit". */
export const tolerances = z.strictObject({
  minEpochs: count(100_000),
  minSeconds: metres(86_400),
  sigmaH: metres(100).nullable(),
  sigmaV: metres(100).nullable(),
  maxPdop: metres(100).nullable(),
  minSatellites: count(255).nullable(),
  maxCorrectionAge: metres(3600).nullable(),
  /** RTK float epochs count too (every point so recorded says so) */
  allowFloat: z.boolean(),
  /** continuous: a point every intervalS seconds or intervalM metres, whichever comes first (null: not by that) */
  intervalS: metres(3600).nullable(),
  intervalM: metres(10_000).nullable(),
});
export type Tolerances = z.infer<typeof tolerances>;
export const tolerancesPatch = tolerances.partial();

/** Each method's default tolerances: every figure a project setting, overridable per occupation. */
export const DEFAULT_TOLERANCES: Record<OccupationMethod, Tolerances> = {
  rapid: { minEpochs: 1, minSeconds: 0, sigmaH: null, sigmaV: null, maxPdop: 6, minSatellites: null, maxCorrectionAge: 5, allowFloat: false, intervalS: null, intervalM: null },
  topo: { minEpochs: 5, minSeconds: 5, sigmaH: 0.02, sigmaV: 0.03, maxPdop: 4, minSatellites: 6, maxCorrectionAge: 3, allowFloat: false, intervalS: null, intervalM: null },
  control: { minEpochs: 180, minSeconds: 180, sigmaH: 0.015, sigmaV: 0.025, maxPdop: 3, minSatellites: 7, maxCorrectionAge: 2, allowFloat: false, intervalS: null, intervalM: null },
  continuous: { minEpochs: 1, minSeconds: 0, sigmaH: null, sigmaV: null, maxPdop: null, minSatellites: null, maxCorrectionAge: 3, allowFloat: false, intervalS: 1, intervalM: null },
};

/** The antenna set-up of an occupation (the project's default unless the occupation says otherwise). */
export const antennaSetup = z.strictObject({
  /** as measured, m; the pole default is 1.800 */
  Height: metres(100),
  HeightType: z.enum(ANTENNA_HEIGHT_TYPES, { message: 'must be vertical or slant' }).default('vertical'),
  /**
   * what a vertical height was measured to: 'ARP', 'bottom of mount' (the same point), 'notch' (the slant-measure
   * point: the table's SHMP offset) or anything else with its ReferenceOffset typed
   */
  Reference: optionalText(50).default('ARP'),
  /** height of that point above the ARP, m (vertical heights); absent: the table's for Reference and Model */
  ReferenceOffset: z.number({ message: 'must be a number' }).min(-1).max(1).optional(),
  /** an antenna of the table (packages/geodesy ANTENNA_MODELS) or any name with its Offset typed */
  Model: optionalText(50).default(''),
  /** ARP -> phase centre, m; absent: the table's figure for Model, else 0 */
  Offset: z.number({ message: 'must be a number' }).min(-1).max(1).optional(),
  /** slant heights: antenna radius and SHMP offset, m */
  Radius: metres(1).optional(),
  ShmpOffset: z.number({ message: 'must be a number' }).min(-1).max(1).optional(),
});
export type AntennaSetupInput = z.infer<typeof antennaSetup>;
export const DEFAULT_ANTENNA: AntennaSetupInput = { Height: 1.8, HeightType: 'vertical', Reference: 'ARP', Model: '' };

/** The survey map's loss-of-fix alert: always shown on screen; these add a sound and a vibration. */
export const alertSettings = z.strictObject({ Sound: z.boolean(), Vibration: z.boolean() });
export type AlertSettings = z.infer<typeof alertSettings>;
export const DEFAULT_ALERTS: AlertSettings = { Sound: true, Vibration: true };

/**
 * Stake-out (decision 069): a point is reached inside Horizontal and Vertical (metres), guidance switches from the
 * arrow to the bullseye inside Radius, and an as-staked point is stored with Method (continuous is not a stake).
 */
export const stakeSettings = z.strictObject({
  Horizontal: metres(10).default(0.02),
  Vertical: metres(10).default(0.03),
  Radius: metres(1000).default(3),
  Method: z.enum(['rapid', 'topo', 'control'], { message: 'must be rapid, topo or control' }).default('topo'),
  /**
   * the magnetic declination at the site, degrees, east positive (true = magnetic + declination): a phone's compass
   * points to magnetic north, and no geomagnetic model is built in, so the user enters it (0: the compass is taken
   * as pointing to true north)
   */
  Declination: z.number({ message: 'must be a number' }).finite({ message: 'must be a number' }).min(-90, { message: 'must be at least -90' }).max(90, { message: 'must be at most 90' }).default(0),
});
export type StakeSettings = z.infer<typeof stakeSettings>;
export const DEFAULT_STAKE: StakeSettings = { Horizontal: 0.02, Vertical: 0.03, Radius: 3, Method: 'topo', Declination: 0 };

/** A project's measurement settings (projects.measurement_settings); absent fields take the defaults. */
export const measurementSettings = z.strictObject({
  DefaultMethod: z.enum(OCCUPATION_METHODS).default('topo'),
  /** a pause (bad epochs or none) longer than this fails the occupation, seconds */
  MaxPauseS: metres(3600).default(60),
  /** a gap between good epochs longer than this splits the occupation, seconds */
  SplitGapS: metres(3600).default(10),
  Antenna: antennaSetup.default(DEFAULT_ANTENNA),
  /** Auto Fix (decision 023): how long the base's own position is averaged, seconds */
  AutoFixS: z.number().int().min(10).max(86_400).default(300),
  Tolerances: z
    .strictObject({ rapid: tolerancesPatch.optional(), topo: tolerancesPatch.optional(), control: tolerancesPatch.optional(), continuous: tolerancesPatch.optional() })
    .default({}),
  /** the survey map's alert when the rover loses RTK fixed or its corrections go stale: a beep, a vibration (where the browser allows) */
  Alerts: alertSettings.default(DEFAULT_ALERTS),
  Stake: stakeSettings.default(DEFAULT_STAKE),
});
export type MeasurementSettings = z.infer<typeof measurementSettings>;

export const startOccupationBody = z.strictObject({
  DeviceId: id,
  Method: z.enum(OCCUPATION_METHODS, { message: `must be one of ${OCCUPATION_METHODS.join(', ')}` }).optional(),
  Name: optionalText(POINT_NAME_MAX).default(''),
  Section: optionalText(SECTION_NAME_MAX)
    .nullable()
    .default('')
    .transform((s) => s || 'default'),
  Antenna: antennaSetup.optional(),
  Tolerances: tolerancesPatch.optional(),
  ClientId: z.uuid({ message: 'must be a UUID' }).optional(),
  /** the feature code string, attributes and note the stored point takes (every point of a continuous one) */
  ...pointCodeFields(),
});
export type StartOccupationBody = z.infer<typeof startOccupationBody>;

/** What an occupation has done so far: the `occupation` socket event and GET /api/occupations/{id}. */
export const occupationProgress = z.object({
  epochsUsed: z.number(),
  epochsRejected: z.number(),
  rejectedReasons: z.record(z.string(), z.number()),
  /** seconds of good epochs counted (GNSS time) */
  occupiedS: z.number(),
  /** seconds since the first epoch (GNSS time) */
  elapsedS: z.number(),
  /**
   * the precision the point would have now, 1 sigma: of the epochs the outlier test keeps once the epochs and time
   * are met (what the limits are judged against), of the epochs counted before that
   */
  sigmaH: z.number().nullable(),
  sigmaV: z.number().nullable(),
  /** what it still waits for besides a good epoch (pausedBy): in this order, each while it holds */
  waitingFor: z.array(z.enum(OCCUPATION_WAITS)).default([]),
  /** the last epoch's fix type (any a reading may carry) */
  fix: z.string().nullable(),
  /** the gate the last epoch failed (what pauses the count now) */
  pausedBy: z.string().nullable(),
  warnings: z.array(z.string()),
  /** continuous: points stored so far */
  points: z.number(),
});
export type OccupationProgress = z.infer<typeof occupationProgress>;
export const EMPTY_PROGRESS: OccupationProgress = {
  epochsUsed: 0,
  epochsRejected: 0,
  rejectedReasons: {},
  occupiedS: 0,
  elapsedS: 0,
  sigmaH: null,
  sigmaV: null,
  waitingFor: [],
  fix: null,
  pausedBy: null,
  warnings: [],
  points: 0,
};

export const occupationView = z.object({
  _id: z.string(),
  ProjectId: z.string(),
  DeviceId: z.string(),
  DeviceCode: z.string(),
  Method: z.enum(OCCUPATION_METHODS),
  Name: z.string(),
  Section: z.string(),
  Status: z.enum(OCCUPATION_STATUSES),
  /** why it failed or was cancelled */
  Reason: z.string().nullable(),
  Tolerances: tolerances,
  Progress: occupationProgress,
  /** the point it stored (the last one, continuous) */
  PointId: z.string().nullable(),
  ClientId: z.string().nullable(),
  Created_On: z.string(),
});
export type OccupationView = z.infer<typeof occupationView>;

const byOccupation = z.strictObject({ occupationId: id });
export const occupationEndpoints = {
  startOccupation: endpoint({
    method: 'POST',
    path: '/api/projects/:projectId/occupations',
    access: 'verified', permission: 'record',
    params: z.strictObject({ projectId: id }),
    body: startOccupationBody,
  }),
  getOccupation: endpoint({ method: 'GET', path: '/api/occupations/:occupationId', access: 'verified', permission: 'read', params: byOccupation }),
  acceptOccupation: endpoint({ method: 'POST', path: '/api/occupations/:occupationId/accept', access: 'verified', permission: 'record', params: byOccupation }),
  cancelOccupation: endpoint({ method: 'POST', path: '/api/occupations/:occupationId/cancel', access: 'verified', permission: 'record', params: byOccupation }),
  pointEpochs: endpoint({
    method: 'GET',
    path: '/api/points/:projectId/:pointId/epochs',
    access: 'verified', permission: 'read',
    params: z.strictObject({ projectId: id, pointId: id }),
  }),
  getMeasurementSettings: endpoint({
    method: 'GET',
    path: '/api/projects/:projectId/measurement-settings',
    access: 'verified', permission: 'read',
    params: z.strictObject({ projectId: id }),
  }),
  putMeasurementSettings: endpoint({
    method: 'PUT',
    path: '/api/projects/:projectId/measurement-settings',
    access: 'verified', permission: 'manage',
    params: z.strictObject({ projectId: id }),
    body: measurementSettings,
  }),
};

/** One raw epoch of an occupation, as GET /api/points/{projectId}/{pointId}/epochs answers it. */
export const epochView = z.object({
  Seq: z.number(),
  Time: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  EllipsoidalHeight: z.number().nullable(),
  Fix: z.string().nullable(),
  Satellites: z.number().nullable(),
  Hdop: z.number().nullable(),
  Pdop: z.number().nullable(),
  SigmaH: z.number().nullable(),
  SigmaV: z.number().nullable(),
  CorrectionAge: z.number().nullable(),
  Accepted: z.boolean(),
  Reason: z.string().nullable(),
  /** ECEF metres from the base (its broadcast ARP, else its live NMEA fix: VectorOrigin) to the antenna. */
  VectorDx: z.number().nullable(),
  VectorDy: z.number().nullable(),
  VectorDz: z.number().nullable(),
  VectorOrigin: z.enum(['broadcast', 'base-nmea']).nullable(),
  BaseSetupId: z.string().nullable(),
});
export type EpochView = z.infer<typeof epochView>;

const utf8 = new TextDecoder();

/** Internal (service) topics: the api's commands to the gateways, the gateways' progress reports. */
export const occupationTopics = {
  /** payload OccupationCommand: every gateway hears it, the one the rover's epochs reach runs it */
  control: 'smi/internal/control/occupation',
  progress: (gatewayId: string) => `smi/internal/occupations/${gatewayId}`,
  allProgress: 'smi/internal/occupations/+',
};
export const occupationCommand = z.object({ id, action: z.enum(['start', 'accept', 'cancel']) });
export type OccupationCommand = z.infer<typeof occupationCommand>;
/** A progress report: the occupation as the owner's sockets receive it, with the owner to address. */
export const occupationReport = z.object({ ownerId: z.string(), occupation: occupationView });
export type OccupationReport = z.infer<typeof occupationReport>;
/**
 * The reports of a gateway's message on its progress topic (an array of them, or one alone), validated; a report of
 * an owner `wanted` refuses (nobody of theirs to tell here) is left out before its validation. Not JSON: none.
 */
export function occupationReportsOfPayload(payload: Uint8Array, wanted?: (ownerId: string) => boolean): OccupationReport[] {
  let data: unknown;
  try {
    data = JSON.parse(utf8.decode(payload));
  } catch {
    return [];
  }
  const out: OccupationReport[] = [];
  for (const item of Array.isArray(data) ? data : [data]) {
    const owner = (item as { ownerId?: unknown } | null)?.ownerId;
    if (typeof owner === 'string' && wanted && !wanted(owner)) continue;
    const r = occupationReport.safeParse(item);
    if (r.success) out.push(r.data);
  }
  return out;
}
export const OCCUPATION_EVENT = 'occupation' as const;

/** PUT /api/points/{projectId}/{pointId}/antenna: the antenna set-up corrected; the mark's heights are re-derived. */
export const pointAntennaEndpoint = endpoint({
  method: 'PUT',
  path: '/api/points/:projectId/:pointId/antenna',
  access: 'verified', permission: 'edit-own',
  params: z.strictObject({ projectId: id, pointId: id }),
  body: antennaSetup,
});
