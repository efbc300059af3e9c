import type { LiveReading, NA } from '@smi/contracts';

/** One receiver epoch as an occupation uses it: what GGA, GSA and GST (or a JSON reading) said of one instant. */
export interface Epoch {
  /** GNSS time of the fix, ms since the epoch (the receive time only when the device gave none) */
  time: number;
  latitude: number | null;
  longitude: number | null;
  /** height above mean sea level (GGA) */
  altitude: number | null;
  geoidSeparation: number | null;
  fix: EpochFix | null;
  satellites: number | null;
  hdop: number | null;
  pdop: number | null;
  vdop: number | null;
  /** receiver's own 1-sigma (GST), metres */
  sigmaN: number | null;
  sigmaE: number | null;
  sigmaV: number | null;
  correctionAge: number | null;
}

/** Every fix type a reading may carry (the gates let only RTK through). */
export type EpochFix = Exclude<LiveReading['fixType'], typeof NA>;
