import { stationOffset, type StationOffset } from '../geometry/station-offset.js';
import type { DesignLine } from '../types.js';
import { cutFill, type CutFill, type GridPosition } from './point.js';

export interface LineGuidance extends StationOffset {
  /** how far to move right (negative: left) to be on the line: -offset */
  goRight: number;
  /** rover - design elevation at the station (positive: cut), null without heights */
  dH: number | null;
  cutFill: CutFill | null;
}

/** The rover against a design line: station, offset, and cut/fill to the elevation along the line. */
export function lineGuidance(line: DesignLine, rover: GridPosition): LineGuidance | null {
  const so = stationOffset(line, rover.e, rover.n);
  if (!so) return null;
  const dH = so.elevation === null || rover.h === null ? null : rover.h - so.elevation;
  return { ...so, goRight: -so.offset, dH, cutFill: dH === null ? null : cutFill(dH) };
}
