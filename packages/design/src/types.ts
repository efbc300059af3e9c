/**
 * Design data as every importer returns it. Grid coordinates and heights are in metres whatever the file's unit
 * (the caller shows them in the project's unit); easting/northing are the project CRS's grid, heights the design
 * elevation in the project's vertical reference.
 */
export interface DesignPoint {
  name: string;
  e: number;
  n: number;
  /** null when the source gives none (a 2D point): no cut/fill can be computed against it */
  h: number | null;
  /** the feature code or description the file gives ('' when none) */
  code: string;
  /** the CAD layer, or the group the file puts the point in ('' when none) */
  layer: string;
  /** the 1-based line of the file the point was read from */
  line: number;
}

export interface DesignVertex {
  e: number;
  n: number;
  h: number | null;
  /**
   * The arc to the next vertex as DXF writes it: tan(sweep / 4), positive counter-clockwise, 0 for a straight
   * segment. Kept as a bulge (not densified) so station/offset on a curve is exact.
   */
  bulge: number;
}

export interface DesignLine {
  name: string;
  layer: string;
  code: string;
  closed: boolean;
  vertices: DesignVertex[];
  /** the station of the first vertex (an alignment's staStart; 0 otherwise) */
  startStation: number;
  line: number;
}

/** One problem found in a file. line is null when it concerns the file as a whole (its size, its structure). */
export interface ImportMessage {
  line: number | null;
  message: string;
}

export interface ImportResult {
  points: DesignPoint[];
  lines: DesignLine[];
  /** rows that were not imported, each with its line and what is wrong with it */
  errors: ImportMessage[];
  /** what was read differently from what the file may have meant (skipped entities, assumed units) */
  warnings: ImportMessage[];
}

/** WGS 84 latitude, longitude (degrees) and height (metres) -> grid metres; throws when it cannot (outside a grid). */
export type ToGrid = (latitude: number, longitude: number, height: number | null) => { e: number; n: number; h: number | null };

/** What the input of every importer may be: text, or the file's bytes (UTF-8, else Windows-1252). */
export type ImportInput = string | Uint8Array;
