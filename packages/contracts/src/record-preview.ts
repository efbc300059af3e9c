import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { gridCoordinate, gridFrame } from './crs.js';
import { antennaSetup } from './occupations.js';
import { BASE_SETUP_SOURCES } from './base-setups.js';
import { latitude, longitude } from './survey-fields.js';

const height = (min: number, max: number) => z.number({ message: 'must be a number' }).min(min).max(max).nullable().default(null);

/**
 * POST /api/projects/:projectId/record-preview: what the server would store for a point measured now from this
 * reading (the rover's antenna as the receiver reports it) with this antenna set-up, computed by the code that
 * stores an occupation's point: the base setup in force (or the one it would open), the antenna reduction and the
 * project's coordinates.
 */
export const recordPreviewBody = z.strictObject({
  Reading: z.strictObject({
    Latitude: latitude,
    Longitude: longitude,
    /** the receiver's height above its mean sea level, m */
    Altitude: height(-12_000, 100_000),
    /** the receiver's geoid separation N, m */
    GeoidSeparation: height(-200, 200),
  }),
  Antenna: antennaSetup,
});
export type RecordPreviewBody = z.infer<typeof recordPreviewBody>;

export const recordPreviewReply = z.object({
  success: z.literal(true),
  /** the mark as it would be stored (WGS 84, in the frame of the setup) */
  Latitude: z.number(),
  Longitude: z.number(),
  EllipsoidalHeight: z.number().nullable(),
  Altitude: z.number().nullable(),
  /** how the base placed it: from its broadcast position, from its NMEA position (flagged), or not at all */
  Correction: z.enum(['broadcast', 'base-nmea', 'none']),
  /** the base setup it would be stored under (one not opened yet has no version) */
  Setup: z.object({ Source: z.enum(BASE_SETUP_SOURCES), Version: z.number().nullable() }).nullable(),
  frame: gridFrame.nullable(),
  coordinate: gridCoordinate.nullable(),
});
export type RecordPreviewReply = z.infer<typeof recordPreviewReply>;

export const recordPreviewEndpoint = endpoint({
  method: 'POST',
  path: '/api/projects/:projectId/record-preview',
  access: 'verified', permission: 'read',
  params: z.strictObject({ projectId: id }),
  body: recordPreviewBody,
});
