import type { ExportProject, ExportsRepository, PointStats } from './repository.js';
import type { ResponseSink } from './sink.js';
import type { Projection } from './utm.js';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';

/** What every format writer gets: where to write, how to read, and what is already known about the project. */
export interface ExportContext {
  sink: ResponseSink;
  repo: ExportsRepository;
  project: ExportProject;
  stats: PointStats;
  /** null when the project has no points (no zone to choose). */
  projection: Projection | null;
  /** When the export was asked for: printed in reports. */
  now: Date;
  /** The project's CRS, heights and calibration (decision 024); null when none is set. */
  geodesy?: ProjectGeodesy | null;
  /** csv only: ?preset=pnezd */
  preset?: 'pnezd';
}

export type FormatWriter = (ctx: ExportContext) => Promise<void>;
