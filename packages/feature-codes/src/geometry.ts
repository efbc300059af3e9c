import type { FeatureKind } from '@smi/contracts';

// What the linework builder takes and gives: plain objects, ready for a map, a DXF or a shapefile.

/** A measured point as the linework needs it: grid easting, northing and height in the project's unit. */
export interface Shot {
  id: string;
  name: string;
  code: string;
  e: number;
  n: number;
  h: number;
}

export interface Vertex {
  pointId: string;
  e: number;
  n: number;
  h: number;
  /** DXF bulge of the segment from this vertex to the next: tan(θ/4), + counter-clockwise, 0 straight */
  bulge: number;
}

/** A line or polygon, in the code's layer and colour; a join is a two-vertex line from a shot to a named point. */
export interface LineFeature {
  /** stable across rebuilds while the first point stays the same: for a map to update what it already draws */
  key: string;
  code: string;
  string: string;
  kind: FeatureKind;
  layer: string;
  colour: string;
  threeD: boolean;
  closed: boolean;
  join: boolean;
  vertices: Vertex[];
}

export interface ShotProblem {
  pointId: string;
  pointName: string;
  message: string;
}

export interface Linework {
  lines: LineFeature[];
  /** shots whose code string or control codes could not be followed; the rest is built all the same */
  problems: ShotProblem[];
}
