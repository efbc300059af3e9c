import type { BaseMode } from '@smi/contracts';

export interface Position {
  latitude: number;
  longitude: number;
}

/** Known-base correction (SPEC section 9): the rover shifted by how far the live base is from its known position. */
export function correctRover(rover: Position, knownBase: Position, liveBase: Position): Position {
  return {
    latitude: rover.latitude + (knownBase.latitude - liveBase.latitude),
    longitude: rover.longitude + (knownBase.longitude - liveBase.longitude),
  };
}

/**
 * The position a point is recorded at. Auto Fix (or known mode without saved coordinates) takes the rover as it is.
 * Known mode needs a live base reading to correct against: without one there is no corrected position yet (null),
 * because recording the raw rover there would silently store an uncorrected point.
 */
export function recordedPosition(
  rover: Position | null,
  mode: BaseMode,
  knownBase: Position | null,
  liveBase: Position | null,
): Position | null {
  if (!rover) return null;
  if (mode !== 'known' || !knownBase) return rover;
  if (!liveBase) return null;
  return correctRover(rover, knownBase, liveBase);
}
