import type { ExportProject, ExportsRepository, PointStats } from './repository.js';
import type { ResponseSink } from './sink.js';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { CodeList, LineworkReply } from '@smi/contracts';
import type { DesignExport } from '../design/export-data.js';

export interface ExportLinework {
  list: CodeList;
  lines: LineworkReply['lines'];
  problems: LineworkReply['problems'];
  /** the distinct code strings of the project's points */
  codeStrings: Set<string>;
}

/** What every format writer gets: where to write, how to read, and what is already known about the project. */
export interface ExportContext {
  sink: ResponseSink;
  repo: ExportsRepository;
  project: ExportProject;
  stats: PointStats;
  /** When the export was asked for: printed in reports. */
  now: Date;
  /**
   * The coordinate system every coordinate is given in: the project's, else the default for its points (decision
   * 039); null only for a project with neither a CRS nor points.
   */
  geodesy: ProjectGeodesy | null;
  /** The project's linework and code list, built when a writer asks (decision 057); null for a project with no frame. */
  linework: () => Promise<ExportLinework | null>;
  /** csv only: ?preset=pnezd */
  preset?: 'pnezd';
  /** csv only: ?bom=1 starts the file with a byte-order mark (Excel) */
  bom?: boolean;
  /** `?design=1` (csv, txt, dxf, landxml): the project's design, in the file's unit; null: measured points only */
  design?: DesignExport | null;
}

export type FormatWriter = (ctx: ExportContext) => Promise<void>;
