import type { AntennaSetupInput } from '@smi/contracts';
import { livePoints, type Db } from '@smi/db';
import { markToPhaseCentre } from '@smi/geodesy';
import { AppError } from '../http/errors.js';
import { resolveAntenna, setupOf, type ResolvedAntenna } from './settings.js';

interface Row {
  antenna_height: number | null;
  antenna_height_type: 'vertical' | 'slant' | null;
  antenna_offset: number | null;
  antenna_setup: ResolvedAntenna | null;
  occupation_antenna: { Radius?: number; ShmpOffset?: number; ReferenceOffset?: number } | null;
}

/**
 * A point's antenna set-up corrected after the fact: the phase centre it was measured at stays, the mark's heights
 * (altitude and ellipsoidal) move by the difference of the two reductions, in one transaction with the project's
 * points revision (the cached lists). Only a point measured by the server has an antenna to correct. The set-up it
 * was reduced with is the last correction's (antenna_setup), else its occupation's.
 */
export async function changePointAntenna(db: Db, ownerId: string, projectId: string, pointId: string, input: AntennaSetupInput): Promise<void> {
  const next = resolveAntenna(input);
  await db.tx(async (q) => {
    const [row] = await q.query<Row>(
      `SELECT p.antenna_height, p.antenna_height_type, p.antenna_offset, p.antenna_setup, o.antenna AS occupation_antenna
         FROM ${livePoints('p')} JOIN projects pr ON pr.id = p.project_id LEFT JOIN occupations o ON o.id = p.occupation_id
        WHERE p.id = $1 AND p.project_id = $2 AND pr.owner_id = $3 FOR UPDATE OF p`,
      [pointId, projectId, ownerId],
    );
    if (!row) throw new AppError(404, 'Point not found');
    if (row.antenna_height === null || row.antenna_height_type === null) throw new AppError(409, 'This point was not measured with an antenna set-up');
    const before = markToPhaseCentre(
      row.antenna_setup
        ? setupOf(row.antenna_setup)
        : {
            height: row.antenna_height,
            type: row.antenna_height_type,
            phaseCentreOffset: row.antenna_offset ?? 0,
            referenceOffset: row.occupation_antenna?.ReferenceOffset,
            radius: row.occupation_antenna?.Radius,
            shmpOffset: row.occupation_antenna?.ShmpOffset,
          },
    );
    const after = markToPhaseCentre(setupOf(next));
    await q.query(
      `UPDATE points SET altitude = altitude + $3, ellipsoidal_height = ellipsoidal_height + $3, antenna_height = $4, antenna_height_type = $5,
         antenna_reference = $6, antenna_model = $7, antenna_offset = $8, antenna_setup = $9 WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL`,
      [pointId, projectId, before - after, next.Height, next.HeightType, next.Reference, next.Model, next.Offset, JSON.stringify(next)],
    );
    await q.query('UPDATE projects SET points_revision = points_revision + 1, last_modified = now() WHERE id = $1', [projectId]);
  });
}
