import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { isoDate, latitude, longitude } from './survey-fields.js';
import { CORRECTIONS_DATUMS } from './crs.js';
import { antennaSetup } from './occupations.js';
import { projectView } from './projects.js';

export const BASE_SETUP_SOURCES = ['rtcm', 'auto-fix', 'known', 'control'] as const;
export type BaseSetupSource = (typeof BASE_SETUP_SOURCES)[number];

/** One version of a project's base setup (decision 023). */
export const baseSetupView = z.object({
  _id: z.string(),
  ProjectId: z.string(),
  SeriesId: z.string(),
  Version: z.number(),
  PreviousId: z.string().nullable(),
  Current: z.boolean(),
  Source: z.enum(BASE_SETUP_SOURCES),
  BaseDeviceId: z.string().nullable(),
  X: z.number(),
  Y: z.number(),
  Z: z.number(),
  Latitude: z.number(),
  Longitude: z.number(),
  Height: z.number(),
  AntennaHeight: z.number().nullable(),
  Datum: z.string(),
  SigmaH: z.number().nullable(),
  SigmaV: z.number().nullable(),
  StartedAt: isoDate,
  EndedAt: isoDate.nullable(),
  CreatedBy: z.string().nullable(),
  CreatedAt: isoDate,
  Points: z.number(),
});
export type BaseSetupView = z.infer<typeof baseSetupView>;

/** What a correction did: "N points re-computed, shift dE dN dU" (metres, at the base). */
export const recomputation = z.object({
  Points: z.number(),
  ShiftE: z.number(),
  ShiftN: z.number(),
  ShiftU: z.number(),
  Message: z.string(),
});
export type Recomputation = z.infer<typeof recomputation>;

export const correctBaseSetupBody = z.strictObject({
  Latitude: latitude,
  Longitude: longitude,
  /** Ellipsoidal height of the base ARP; absent keeps the setup's. */
  Height: z.number().finite().min(-1000).max(10000).optional(),
  AntennaHeight: z.number().finite().min(0).max(100).nullable().optional(),
  /** The frame the base's coordinates (so its rovers' positions) are in (decision 024). */
  Datum: z.enum(CORRECTIONS_DATUMS, { message: `must be one of ${CORRECTIONS_DATUMS.join(', ')}` }).optional(),
  Source: z.enum(['known', 'control', 'auto-fix']).default('known'),
});
export type CorrectBaseSetupBody = z.infer<typeof correctBaseSetupBody>;

const finite = z.number({ message: 'must be a number' }).finite({ message: 'must be a number' });

/**
 * Known Position (decision 042): the mark the base stands over, as latitude/longitude (and its ellipsoidal Height),
 * as the project's grid Easting/Northing (and its Elevation in the project's vertical reference and unit), or as a
 * stored point of the project (PointId); with the base's antenna set-up, measured from the mark as a rover's is.
 * DryRun: answers what would happen (the points re-computed and the shift) and changes nothing.
 */
export const knownBaseBody = z
  .strictObject({
    Latitude: latitude.optional(),
    Longitude: longitude.optional(),
    Height: finite.min(-1000, { message: 'must be at least -1000' }).max(10000, { message: 'must be at most 10000' }).optional(),
    Easting: finite.optional(),
    Northing: finite.optional(),
    Elevation: finite.min(-40000, { message: 'must be at least -40000' }).max(40000, { message: 'must be at most 40000' }).optional(),
    PointId: id.optional(),
    Antenna: antennaSetup.optional(),
    DryRun: z.boolean({ message: 'must be true or false' }).default(false),
  })
  .superRefine((b, ctx) => {
    const given = [b.Latitude !== undefined || b.Longitude !== undefined, b.Easting !== undefined || b.Northing !== undefined, b.PointId !== undefined].filter(Boolean).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', message: 'Give the mark as Latitude and Longitude, as Easting and Northing, or as PointId' });
    else if ((b.Latitude === undefined) !== (b.Longitude === undefined)) ctx.addIssue({ code: 'custom', message: 'Latitude and Longitude go together' });
    else if ((b.Easting === undefined) !== (b.Northing === undefined)) ctx.addIssue({ code: 'custom', message: 'Easting and Northing go together' });
    if (b.Height !== undefined && b.Latitude === undefined) ctx.addIssue({ code: 'custom', message: 'Height goes with Latitude and Longitude' });
    if (b.Elevation !== undefined && b.Easting === undefined) ctx.addIssue({ code: 'custom', message: 'Elevation goes with Easting and Northing' });
  });
export type KnownBaseBody = z.infer<typeof knownBaseBody>;

const position = z.object({ Latitude: z.number(), Longitude: z.number(), Height: z.number().nullable() });
export const knownBaseReply = z.object({
  success: z.literal(true),
  message: z.string(),
  DryRun: z.boolean(),
  /** The mark (ellipsoidal height when known) and the antenna reference point the base setup holds. */
  Mark: position,
  Base: position,
  /** What moving the base does to the points measured from it; null: none to move (or no setup yet). */
  recomputed: recomputation.nullable(),
  /** The setup version in force afterwards (null on a dry run or when nothing is known of the base yet). */
  setup: baseSetupView.nullable(),
  project: projectView,
});
export type KnownBaseReply = z.infer<typeof knownBaseReply>;

const bySetup = z.strictObject({ id });
export const baseSetupEndpoints = {
  setKnownBase: endpoint({ method: 'PUT', path: '/api/projects/:id/base-setups/known', access: 'verified', permission: 'record', params: bySetup, body: knownBaseBody }),
  listBaseSetups: endpoint({ method: 'GET', path: '/api/projects/:id/base-setups', access: 'verified', permission: 'read', params: bySetup }),
  correctBaseSetup: endpoint({ method: 'PUT', path: '/api/base-setups/:id', access: 'verified', permission: 'manage', params: bySetup, body: correctBaseSetupBody }),
  undoBaseSetup: endpoint({ method: 'POST', path: '/api/base-setups/:id/undo', access: 'verified', permission: 'manage', params: bySetup }),
};

/** Auto Fix (decision 023): the base's own position averaged for a set time, offered as its coordinates with a sigma. */
export const AUTO_FIX_STATUSES = ['running', 'done', 'failed', 'cancelled', 'accepted'] as const;
export type AutoFixStatus = (typeof AUTO_FIX_STATUSES)[number];
/** The default averaging time, seconds (a project's measurement settings may change it). */
export const AUTO_FIX_DEFAULT_S = 300;

export const autoFixView = z.object({
  _id: z.string(),
  ProjectId: z.string(),
  BaseDeviceId: z.string(),
  DurationS: z.number(),
  Status: z.enum(AUTO_FIX_STATUSES),
  Reason: z.string().nullable(),
  /** positions averaged so far (outliers left out), and the GNSS time they span */
  Epochs: z.number(),
  Outliers: z.number(),
  ElapsedS: z.number(),
  /** the running mean, then the result (WGS84, ellipsoidal height) */
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  Height: z.number().nullable(),
  SigmaH: z.number().nullable(),
  SigmaV: z.number().nullable(),
  /** the base setup it became, once accepted */
  SetupId: z.string().nullable(),
  CreatedAt: isoDate,
  FinishedAt: isoDate.nullable(),
});
export type AutoFixView = z.infer<typeof autoFixView>;

export const startAutoFixBody = z.strictObject({
  /** seconds of the base's positions to average; absent: the project's setting (default 5 minutes) */
  DurationS: z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(10, { message: 'must be at least 10' }).max(86_400, { message: 'must be at most 86400' }).optional(),
});
export type StartAutoFixBody = z.infer<typeof startAutoFixBody>;

/** Internal topic: the api's Auto Fix commands to every gateway (the one that ingests the base runs it). */
export const autoFixTopics = { control: 'smi/internal/control/auto-fix' };
export const autoFixCommand = z.object({ id, action: z.enum(['start', 'cancel']) });
export type AutoFixCommand = z.infer<typeof autoFixCommand>;

const byAutoFix = z.strictObject({ id });
export const autoFixEndpoints = {
  startAutoFix: endpoint({ method: 'POST', path: '/api/projects/:id/base-setups/auto-fix', access: 'verified', permission: 'record', params: bySetup, body: startAutoFixBody }),
  latestAutoFix: endpoint({ method: 'GET', path: '/api/projects/:id/base-setups/auto-fix', access: 'verified', permission: 'read', params: bySetup }),
  acceptAutoFix: endpoint({ method: 'POST', path: '/api/base-setups/auto-fix/:id/accept', access: 'verified', permission: 'record', params: byAutoFix }),
  cancelAutoFix: endpoint({ method: 'POST', path: '/api/base-setups/auto-fix/:id/cancel', access: 'verified', permission: 'record', params: byAutoFix }),
};
