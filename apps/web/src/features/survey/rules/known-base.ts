import type { BaseCorrection, BaseMode } from '@smi/contracts';
import { ecefToGeodetic, geodeticToEcef, type Vec3 } from '@smi/geodesy/ecef';
import { vectorPoint } from '@smi/geodesy/vector';

export interface Position {
  latitude: number;
  longitude: number;
}

/** The antenna reference point a base broadcasts in RTCM 1005/1006 (GET /api/devices/{id}, `Rtcm.Position`). */
export interface BroadcastPosition {
  /** ECEF, metres */
  x: number;
  y: number;
  z: number;
  /** Its WGS 84 ellipsoidal height, metres: the known base's height (the Positioning Mode panel types none). */
  height: number;
}

/** The known base: typed latitude/longitude, and the height of the server's base setup at them when it has one. */
export interface KnownBase extends Position {
  /** Ellipsoidal height of the base setup in force at these coordinates; absent: the broadcast height. */
  height?: number | null;
}

/** Known-base correction: the rover shifted by how far the live base is from its known position. */
export function correctRover(rover: Position, knownBase: Position, liveBase: Position): Position {
  return {
    latitude: rover.latitude + (knownBase.latitude - liveBase.latitude),
    longitude: rover.longitude + (knownBase.longitude - liveBase.longitude),
  };
}

/**
 * Known-base correction from the broadcast position (decision 023): an RTK rover is placed relative to the
 * coordinates the base broadcasts, so the rover's antenna is known base + (rover - broadcast ARP), in ECEF (the same
 * rule as the server's `vectorPoint`). The known base takes the broadcast height (the panel has no height field), as
 * the server's `known` setup does (or the height of the setup in force, when given). `roverHeight` is the rover's ellipsoidal height; the result carries the corrected
 * one (it moves by a fraction of a millimetre over a few hundred metres: the local vertical turns with the shift).
 */
export function correctRoverFromBroadcast(rover: Position, roverHeight: number, knownBase: KnownBase, broadcast: BroadcastPosition): Position & { height: number } {
  const setup = geodeticToEcef(knownBase.latitude, knownBase.longitude, knownBase.height ?? broadcast.height);
  const { antenna } = vectorPoint({ roverAntenna: geodeticToEcef(rover.latitude, rover.longitude, roverHeight), broadcast: [broadcast.x, broadcast.y, broadcast.z] as Vec3, setup });
  const g = ecefToGeodetic(...antenna);
  return { latitude: g.latitude, longitude: g.longitude, height: g.height };
}

/** Where a point is recorded, and how the base corrected it (sent as POST /api/points `BaseCorrection`). */
export interface Placement extends Position {
  correction: BaseCorrection;
  /** What the correction added to the rover's height, metres (0 unless from the broadcast position). */
  heightShift: number;
}

/**
 * The position a point is recorded at. Auto Fix (or known mode without saved coordinates) takes the rover as it is
 * ('none'). Known mode corrects from the base's broadcast position when it sent one ('broadcast'); else by the base-NMEA
 * rule against a live base reading ('base-nmea'): without one there is no corrected position yet (null), because
 * recording the raw rover there would silently store an uncorrected point.
 */
export function placePoint(
  rover: Position | null,
  roverHeight: number | null,
  mode: BaseMode,
  knownBase: KnownBase | null,
  liveBase: Position | null,
  broadcast: BroadcastPosition | null,
): Placement | null {
  if (!rover) return null;
  if (mode !== 'known' || !knownBase) return { ...rover, correction: 'none', heightShift: 0 };
  if (broadcast) {
    // no height from the rover: its antenna is taken at the base's height (a metre of height moves it < 0.1 mm here)
    const h = roverHeight ?? broadcast.height;
    const p = correctRoverFromBroadcast(rover, h, knownBase, broadcast);
    return { latitude: p.latitude, longitude: p.longitude, correction: 'broadcast', heightShift: p.height - h };
  }
  if (!liveBase) return null;
  const c = correctRover(rover, knownBase, liveBase);
  return { latitude: c.latitude, longitude: c.longitude, correction: 'base-nmea', heightShift: 0 };
}

/** The position a point is recorded at (see `placePoint`), without how. */
export function recordedPosition(
  rover: Position | null,
  mode: BaseMode,
  knownBase: Position | null,
  liveBase: Position | null,
  broadcast: BroadcastPosition | null = null,
  roverHeight: number | null = null,
): Position | null {
  const p = placePoint(rover, roverHeight, mode, knownBase, liveBase, broadcast);
  return p && { latitude: p.latitude, longitude: p.longitude };
}
