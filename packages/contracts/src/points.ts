import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { caseless, isoDate, latitude, longitude, measurement, optionalText, requiredText } from './survey-fields.js';
import { SECTION_NAME_MAX } from './projects.js';
import { codeString, FEATURE_CODE_LIMITS, LINE_EDITS, shotAttributes } from './feature-codes.js';
import { photoView } from './photos.js';

export const ACCURACY_LEVELS = ['Low', 'Medium', 'High'] as const;
export type AccuracyLevel = (typeof ACCURACY_LEVELS)[number];
export const FIX_TYPES = ['rtk-fixed', 'rtk-float', 'dgps', 'single'] as const;
export type FixType = (typeof FIX_TYPES)[number];
/**
 * What a live reading may say besides the survey fixes (GGA quality 6/7/8, RMC/GNS mode E/M/S): the receiver's
 * position is an estimate, a typed-in one or a simulator's. Shown live, never recordable, never stored on a point.
 */
export const NON_SURVEY_FIX_TYPES = ['dead-reckoning', 'manual', 'simulation'] as const;
export const LIVE_FIX_TYPES = [...FIX_TYPES, ...NON_SURVEY_FIX_TYPES] as const;
export type LiveFixType = (typeof LIVE_FIX_TYPES)[number];
/** A fix a point may be recorded from (one of FIX_TYPES). */
/** How a fix type reads in a deliverable (the PDF summary, DXF labels). */
export const FIX_TYPE_LABELS: Record<LiveFixType, string> = {
  'rtk-fixed': 'RTK fixed',
  'rtk-float': 'RTK float',
  dgps: 'DGPS',
  single: 'Single',
  'dead-reckoning': 'Dead reckoning',
  manual: 'Manual',
  simulation: 'Simulation',
};

export function isSurveyFixType(t: string | null | undefined): t is FixType {
  return t === 'rtk-fixed' || t === 'rtk-float' || t === 'dgps' || t === 'single';
}
export const POINT_NAME_MAX = 200;
/** How a point was measured (decision 016): 'client' is the browser's POST /api/points, the rest are server occupations. */
export const POINT_METHODS = ['client', 'rapid', 'topo', 'control', 'continuous'] as const;
export type PointMethod = (typeof POINT_METHODS)[number];
export const ANTENNA_HEIGHT_TYPES = ['vertical', 'slant'] as const;
export type AntennaHeightType = (typeof ANTENNA_HEIGHT_TYPES)[number];

// 1970 .. 2100: a clock far outside this is a broken device, not a survey
const TIME_MIN = Date.UTC(1970, 0, 1);
const TIME_MAX = Date.UTC(2100, 0, 1);

/** When the point was taken: an ISO date-time or epoch milliseconds; absent means now. */
export const pointTimestamp = z
  .union([z.string(), z.number()], { message: 'must be an ISO date-time' })
  .transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : NaN;
    if (!Number.isFinite(ms) || ms < TIME_MIN || ms > TIME_MAX) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO date-time between 1970 and 2100' });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

export const BASE_CORRECTIONS = ['none', 'broadcast', 'base-nmea'] as const;
export type BaseCorrection = (typeof BASE_CORRECTIONS)[number];

export const POINT_NOTE_MAX = 2000;
export const pointNote = optionalText(POINT_NOTE_MAX).default('');

/**
 * What a shot says besides its position (decisions 045, 057): its feature code string ('EP1 ST', 'FE JPN CP7'),
 * the values of its codes' attributes by code then attribute name, and a note. The code string is read with the
 * project's code list; the attributes are checked against its codes' definitions.
 */
export function pointCodeFields() {
  return {
    Code: codeString.default(''),
    Attributes: shotAttributes.default({}),
    Note: pointNote,
  };
}

export const recordPointBody = z.strictObject({
  ProjectId: id,
  /** May be empty (the map shows 'Unnamed Point'); a name another point of the project has is refused (409). */
  Name: optionalText(POINT_NAME_MAX).default(''),
  Type: optionalText(50).default('recorded'),
  Latitude: latitude,
  Longitude: longitude,
  Accuracy: caseless(ACCURACY_LEVELS, 'must be Low, Medium, High or null').nullable().default(null),
  Timestamp: pointTimestamp.optional(),
  Device: optionalText(100).default(''),
  /** A section the project lacks is added to it; blank means 'default'. */
  Section: optionalText(SECTION_NAME_MAX)
    .nullable()
    .default('')
    .transform((s) => s || 'default'),
  FixType: z.enum(FIX_TYPES, { message: `must be one of ${FIX_TYPES.join(', ')}` }).nullable().optional(),
  Satellites: measurement(0, 255, true),
  Hdop: measurement(0, 100),
  HorizontalAccuracy: measurement(0, 100_000),
  VerticalAccuracy: measurement(0, 100_000),
  Altitude: measurement(-12_000, 100_000),
  /** Height of the point above the ellipsoid, metres (GGA altitude + geoid separation). */
  EllipsoidalHeight: measurement(-12_000, 100_000),
  /** The receiver's geoid separation N from GGA, metres. */
  GeoidSeparation: measurement(-200, 200),
  /** Made by the client once per point: a retry with the same ClientId answers the first point. */
  ClientId: z.uuid({ message: 'must be a UUID' }).optional(),
  /**
   * How the browser placed the point against the base (decision 023). 'none': the rover as it reported itself
   * (relative to the base's broadcast position); 'broadcast': known base + (rover - broadcast ARP); 'base-nmea': the
   * rover shifted by known - live base NMEA. Absent: 'base-nmea' in Known Position mode with typed coordinates, else 'none'.
   */
  BaseCorrection: z.enum(BASE_CORRECTIONS, { message: `must be one of ${BASE_CORRECTIONS.join(', ')}` }).optional(),
  ...pointCodeFields(),
});
export type RecordPointBody = z.infer<typeof recordPointBody>;

/** The refusal of a name another point of the project has (409 on record, rename and occupation start). */
export const pointNameTaken = (name: string) => `A point named “${name}” already exists in this project. Choose another name.`;

/** A record retry (the same ClientId) of a point deleted since: it is not recorded again. */
export const POINT_DELETED = 'This point was deleted from the project. An admin can restore it from Deleted points.';
export const POINT_PURGED = 'This point was deleted from the project and can no longer be restored.';
/** A restore refused because a live point took the deleted one's name meanwhile. */
export const pointNameRetaken = (name: string) =>
  `A point named “${name}” has been recorded since this one was deleted. Rename that point, then restore this one.`;

export const renamePointBody = z.strictObject({ Name: requiredText(POINT_NAME_MAX, 'Name cannot be empty') });
/** A new code string; without Attributes the values the point has for codes it keeps are kept. */
export const recodePointBody = z.strictObject({ Code: codeString, Attributes: shotAttributes.optional() });
/** An edit of a line at this point (decision 068): Line is the line's code with its string number ('EP1'). */
export const editPointLineBody = z.strictObject({
  Line: requiredText(FEATURE_CODE_LIMITS.code + 4, 'Line is required'),
  Edit: caseless(LINE_EDITS, `must be one of ${LINE_EDITS.join(', ')}`),
});
export type EditPointLineBody = z.infer<typeof editPointLineBody>;
export const pointNoteBody = z.strictObject({ Note: optionalText(POINT_NOTE_MAX) });

export const pointView = z.object({
  _id: z.string(),
  ProjectId: z.string(),
  /** Given when the point is made, from the project's sequence: never changed, never given again after a delete. */
  Number: z.number().int(),
  Name: z.string(),
  Type: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  Accuracy: z.enum(ACCURACY_LEVELS).nullable(),
  Timestamp: isoDate,
  Device: z.string(),
  Section: z.string(),
  FixType: z.enum(FIX_TYPES).nullable(),
  Satellites: z.number().nullable(),
  Hdop: z.number().nullable(),
  HorizontalAccuracy: z.number().nullable(),
  VerticalAccuracy: z.number().nullable(),
  Altitude: z.number().nullable(),
  ClientId: z.string().nullable(),
  Created_On: isoDate,
  // ---- the survey-grade point model (decision 016): null where not measured ----
  Method: z.enum(POINT_METHODS),
  EllipsoidalHeight: z.number().nullable(),
  GeoidSeparation: z.number().nullable(),
  AntennaHeight: z.number().nullable(),
  AntennaHeightType: z.enum(ANTENNA_HEIGHT_TYPES).nullable(),
  AntennaReference: z.string().nullable(),
  AntennaModel: z.string().nullable(),
  AntennaOffset: z.number().nullable(),
  SigmaE: z.number().nullable(),
  SigmaN: z.number().nullable(),
  SigmaU: z.number().nullable(),
  ReceiverSigmaE: z.number().nullable(),
  ReceiverSigmaN: z.number().nullable(),
  ReceiverSigmaU: z.number().nullable(),
  Pdop: z.number().nullable(),
  Vdop: z.number().nullable(),
  SatellitesMin: z.number().nullable(),
  SatellitesMax: z.number().nullable(),
  Epochs: z.number().nullable(),
  EpochsRejected: z.number().nullable(),
  RejectedReasons: z.record(z.string(), z.number()).nullable(),
  FixPercent: z.number().nullable(),
  CorrectionAge: z.number().nullable(),
  StartedAt: isoDate.nullable(),
  EndedAt: isoDate.nullable(),
  Warnings: z.array(z.string()),
  OccupationId: z.string().nullable(),
  BaseSetupId: z.string().nullable(),
  VectorDx: z.number().nullable(),
  VectorDy: z.number().nullable(),
  VectorDz: z.number().nullable(),
  /** the feature code string, '' for none (decision 057) */
  Code: z.string(),
  /** by code, then attribute name: every attribute of every code of the shot (null: no value) */
  Attributes: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  Note: z.string(),
  /** Who recorded it, as the workspace member was named then (the point keeps it after a rename or a removal). */
  RecordedBy: z.object({ Id: z.string().nullable(), Name: z.string() }).optional(),
  /** its photos, oldest first (decision 067); the API always sends it */
  Photos: z.array(photoView).optional(),
});
export type PointView = z.infer<typeof pointView>;

export const pointsReply = z.object({ success: z.literal(true), points: z.array(pointView) });

/** A deleted point as the restore list shows it: the point, when and by whom it was deleted, until when it can come back. */
export const deletedPointView = pointView.extend({
  DeletedAt: isoDate,
  /** who deleted it, named as they were then */
  DeletedBy: z.object({ Id: z.string().nullable(), Name: z.string() }),
  /** after this the point is purged for good */
  RestorableUntil: isoDate,
});
export type DeletedPointView = z.infer<typeof deletedPointView>;
export const deletedPointsReply = z.object({ success: z.literal(true), points: z.array(deletedPointView) });

// ---- the changes feed of a project's points (decision 073) ----

/** A point's latest change: its state now, or null when it was deleted. `Seq` is the project's change number of it. */
export const pointChange = z.object({ Seq: z.number().int(), PointId: z.string(), Point: pointView.nullable() });
export type PointChange = z.infer<typeof pointChange>;

/** `since`: the cursor a client saw last (omitted: only the project's cursor now is answered). */
export const pointChangesQuery = z.strictObject({
  since: z.string().regex(/^\d{1,15}$/, { message: 'must be a cursor this feed answered' }).optional(),
});
export type PointChangesQuery = z.infer<typeof pointChangesQuery>;

/** Every point changed after `since`, oldest change first, and the cursor to ask from next time. */
export const pointChangesReply = z.object({ success: z.literal(true), Cursor: z.number().int(), Changes: z.array(pointChange) });
export type PointChangesReply = z.infer<typeof pointChangesReply>;

/**
 * What a watching socket is sent when points of the project change: the changes after `From` up to `Cursor`. A client
 * whose cursor is below `From` missed some and asks the feed for them.
 */
export const pointsChangedEvent = z.object({ ProjectId: z.string(), From: z.number().int(), Cursor: z.number().int(), Changes: z.array(pointChange) });
export type PointsChangedEvent = z.infer<typeof pointsChangedEvent>;

/** A socket asks to watch a project of the current workspace. */
export const watchProjectRequest = z.strictObject({ ProjectId: id });
export type WatchProjectRequest = z.infer<typeof watchProjectRequest>;
/** The answer: the cursor the socket's pushes continue from (absent when refused). */
export const watchProjectAck = z.object({ success: z.boolean(), Cursor: z.number().int().optional(), message: z.string().optional() });
export type WatchProjectAck = z.infer<typeof watchProjectAck>;
export const recordPointReply = z.object({ success: z.literal(true), message: z.string(), data: pointView });

const byProject = z.strictObject({ projectId: id });
const byPoint = z.strictObject({ projectId: id, pointId: id });

export const pointEndpoints = {
  listPoints: endpoint({ method: 'GET', path: '/api/points/:projectId', access: 'verified', permission: 'read', params: byProject }),
  recordPoint: endpoint({ method: 'POST', path: '/api/points', access: 'verified', permission: 'record', body: recordPointBody }),
  deletePoint: endpoint({ method: 'DELETE', path: '/api/points/:projectId/:pointId', access: 'verified', permission: 'edit-own', params: byPoint }),
  renamePoint: endpoint({
    method: 'PUT',
    path: '/api/points/:projectId/:pointId/rename',
    access: 'verified', permission: 'edit-own',
    params: byPoint,
    body: renamePointBody,
  }),
  recodePoint: endpoint({ method: 'PUT', path: '/api/points/:projectId/:pointId/code', access: 'verified', permission: 'edit-own', params: byPoint, body: recodePointBody }),
  /** rewrites the point's code string (start, break, close, continue or remove) and redraws the linework */
  editPointLine: endpoint({ method: 'PUT', path: '/api/points/:projectId/:pointId/line', access: 'verified', permission: 'edit-own', params: byPoint, body: editPointLineBody }),
  setPointNote: endpoint({ method: 'PUT', path: '/api/points/:projectId/:pointId/note', access: 'verified', permission: 'edit-own', params: byPoint, body: pointNoteBody }),
  /** the project's deleted points still restorable, the last deleted first (decision 072) */
  listDeletedPoints: endpoint({ method: 'GET', path: '/api/projects/:projectId/deleted-points', access: 'verified', permission: 'manage', params: byProject }),
  /** brings a deleted point back as it was; 409 while a live point has taken its name */
  restorePoint: endpoint({ method: 'POST', path: '/api/projects/:projectId/deleted-points/:pointId/restore', access: 'verified', permission: 'manage', params: byPoint }),
  /** what changed in the project's points after a cursor (a reconnecting client catches up; decision 073) */
  pointChanges: endpoint({ method: 'GET', path: '/api/projects/:projectId/changes', access: 'verified', permission: 'read', params: byProject }),
};
