import type { LineOrders } from '@smi/feature-codes';
import { livePoints, type Queryable } from '@smi/db';

/** The orders surveyors gave lines of a project (decision 075), by line name ('EP1'). */
export async function lineOrdersOf(q: Queryable, projectId: string): Promise<LineOrders> {
  const rows = await q.query<{ line: string; point_ids: string[] }>('SELECT line, point_ids FROM line_orders WHERE project_id = $1', [projectId]);
  return new Map(rows.map((r) => [r.line, r.point_ids]));
}

/** Keeps a line's order: the whole list of its points, replacing the one before. */
export async function saveLineOrder(q: Queryable, projectId: string, line: string, pointIds: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO line_orders (project_id, line, point_ids) VALUES ($1, $2, $3::uuid[])
     ON CONFLICT (project_id, line) DO UPDATE SET point_ids = EXCLUDED.point_ids`,
    [projectId, line, pointIds],
  );
}

/** A project's points as a line's order needs them, in measured order (the linework's: recorded time, then insertion). */
export function codedShotsOf(q: Queryable, projectId: string) {
  return q.query<{ id: string; name: string; code: string }>(`SELECT id, name, code FROM ${livePoints()} WHERE project_id = $1 AND code <> '' ORDER BY recorded_at, seq`, [projectId]);
}
