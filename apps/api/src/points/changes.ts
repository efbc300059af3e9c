import type { PointChange } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';
import { photosOfPoints } from '../photos/repository.js';
import { POINT_COLUMNS, toPointView, type PointRow } from './repository.js';

/** Every point column read through the join below (`pt.` before each). */
const JOINED_COLUMNS = POINT_COLUMNS.split(',')
  .map((c) => `pt.${c.trim()}`)
  .join(', ');

export interface PointChanges {
  /** The project's change number as the same statement saw it: ask from it next time. */
  cursor: number;
  changes: PointChange[];
}

/**
 * The changes feed of a project's points (decision 073): every point whose latest change is after `since`, with its
 * state now (null: deleted), oldest change first, and the project's cursor, read in one statement (one snapshot:
 * the cursor never runs ahead of the changes read with it). Undefined when the project is not the workspace's.
 * The numbers are taken by a trigger under the project row's lock (migration 172), so they commit in order.
 */
export async function pointChangesSince(q: Queryable, workspaceId: string, projectId: string, since: number | undefined): Promise<PointChanges | undefined> {
  const rows = await q.query<PointRow & { cursor: string; change_seq: string | null; change_point: string | null; change_deleted: boolean | null }>(
    `WITH project AS (SELECT id, change_seq FROM projects WHERE id = $1 AND owner_id = $2)
     SELECT project.change_seq::text AS cursor, c.seq::text AS change_seq, c.point_id::text AS change_point, c.deleted AS change_deleted, ${JOINED_COLUMNS}
     FROM project
       LEFT JOIN point_changes c ON c.project_id = project.id AND c.seq > $3::bigint AND $3::bigint >= 0
       -- a deleted point (a tombstone, decision 072) reads as deleted: Point null
       LEFT JOIN ${livePoints('pt')} ON pt.id = c.point_id AND NOT c.deleted
     ORDER BY c.seq`,
    [projectId, workspaceId, since ?? -1],
  );
  if (!rows.length) return undefined;
  const changed = rows.filter((r) => r.change_point !== null);
  const photos = changed.some((r) => r.id) ? await photosOfPoints(q, projectId) : new Map();
  return {
    cursor: Number(rows[0]!.cursor),
    changes: changed.map((r) => ({
      Seq: Number(r.change_seq),
      PointId: r.change_point!,
      Point: r.id ? { ...toPointView(r), Photos: photos.get(r.id) ?? [] } : null,
    })),
  };
}

/** The project's cursor now, when it is a project of this workspace and the user is still one of its members. */
export async function watchableCursor(q: Queryable, workspaceId: string, userId: string, projectId: string): Promise<number | undefined> {
  const [row] = await q.query<{ change_seq: string }>(
    `SELECT p.change_seq::text AS change_seq FROM projects p
     JOIN workspace_members m ON m.workspace_id = p.owner_id AND m.user_id = $3
     WHERE p.id = $1 AND p.owner_id = $2`,
    [projectId, workspaceId, userId],
  );
  return row ? Number(row.change_seq) : undefined;
}
