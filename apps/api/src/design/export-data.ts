import type { Queryable } from '@smi/db';
import type { DesignLine, DesignPoint } from '@smi/design';
import { fromMetres, type LinearUnit } from '@smi/geodesy';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import { designRepository } from './repository.js';

/**
 * Design data as a file writes it: the importers' own shapes (@smi/design), in the file's unit, without the source
 * file's line numbers and the alignment's start station, which no export writes.
 */
export type DesignExportPoint = Omit<DesignPoint, 'line'>;
export type DesignExportLine = Omit<DesignLine, 'line' | 'startStation'>;

export interface DesignExport {
  points: DesignExportPoint[];
  lines: DesignExportLine[];
}

/**
 * A project's design, for an export that asks for it, in the unit of the export's frame (the CRS's; metres for a
 * geographic one, whose files carry no grid): stored metres turned to it once, here.
 */
export async function designForExport(q: Queryable, projectId: string, g: ProjectGeodesy | null): Promise<DesignExport> {
  const unit: LinearUnit = g && g.transform.unit !== 'degree' ? g.transform.unit : 'metre';
  const len = (m: number) => fromMetres(m, unit);
  const [points, lines] = await Promise.all([designRepository.points(q, projectId), designRepository.lines(q, projectId)]);
  return {
    points: points.map((p) => ({ name: p.name, e: len(p.easting), n: len(p.northing), h: p.elevation === null ? null : len(p.elevation), code: p.code, layer: p.layer })),
    lines: lines.map((l) => ({
      name: l.name,
      code: l.code,
      layer: l.layer,
      closed: l.closed,
      vertices: l.vertices.map((v) => ({ e: len(v.e), n: len(v.n), h: v.h === null ? null : len(v.h), bulge: v.bulge })),
    })),
  };
}
