import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { isoDate, latitude, longitude } from './survey-fields.js';
import { CORRECTIONS_DATUMS } from './crs.js';

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

const bySetup = z.strictObject({ id });
export const baseSetupEndpoints = {
  listBaseSetups: endpoint({ method: 'GET', path: '/api/projects/:id/base-setups', access: 'verified', params: bySetup }),
  correctBaseSetup: endpoint({ method: 'PUT', path: '/api/base-setups/:id', access: 'verified', params: bySetup, body: correctBaseSetupBody }),
  undoBaseSetup: endpoint({ method: 'POST', path: '/api/base-setups/:id/undo', access: 'verified', params: bySetup }),
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
  startAutoFix: endpoint({ method: 'POST', path: '/api/projects/:id/base-setups/auto-fix', access: 'verified', params: bySetup, body: startAutoFixBody }),
  latestAutoFix: endpoint({ method: 'GET', path: '/api/projects/:id/base-setups/auto-fix', access: 'verified', params: bySetup }),
  acceptAutoFix: endpoint({ method: 'POST', path: '/api/base-setups/auto-fix/:id/accept', access: 'verified', params: byAutoFix }),
  cancelAutoFix: endpoint({ method: 'POST', path: '/api/base-setups/auto-fix/:id/cancel', access: 'verified', params: byAutoFix }),
};
