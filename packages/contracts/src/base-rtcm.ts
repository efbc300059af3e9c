import { z } from 'zod';
import { isoDate } from './survey-fields.js';

/**
 * What the product learnt from a base's RTCM stream (decision 022), as GET /api/devices/{id} carries it (field `Rtcm`,
 * null for a device that never sent RTCM). Times are ISO strings, durations seconds.
 */
export const baseRtcmView = z.object({
  StationId: z.number().nullable(),
  /** Every message type seen, with how many and the mean interval between them (null after one). */
  MessageTypes: z.array(z.object({ Type: z.number(), Count: z.number(), IntervalS: z.number().nullable(), LastAt: isoDate })),
  /** The antenna reference point the base broadcasts (1005/1006): ECEF and WGS84 geodetic. */
  Position: z
    .object({
      X: z.number(),
      Y: z.number(),
      Z: z.number(),
      Latitude: z.number(),
      Longitude: z.number(),
      EllipsoidalHeight: z.number(),
      /** 1006 only: the antenna height above the mark the base declares. */
      AntennaHeight: z.number().nullable(),
      MessageType: z.number(),
      ItrfYear: z.number().nullable(),
      At: isoDate,
    })
    .nullable(),
  Antenna: z.string().nullable(),
  AntennaSerial: z.string().nullable(),
  Receiver: z.string().nullable(),
  Firmware: z.string().nullable(),
  ReceiverSerial: z.string().nullable(),
  /** When the latest observation message arrived, and how long ago (the age of the corrections). */
  LastCorrectionAt: isoDate.nullable(),
  CorrectionAgeS: z.number().nullable(),
  /** Arrival minus the GNSS epoch of that message. */
  LatencyS: z.number().nullable(),
  Frames: z.number(),
  CrcFailures: z.number(),
  UpdatedAt: isoDate,
});
export type BaseRtcmView = z.infer<typeof baseRtcmView>;
