import type { AuditAction, AuditEntryView, AuditObjectKind, AuditQuery } from '@smi/contracts';
import { writeAudit as writeEntry, type AuditActor as Actor, type AuditChange as StoredChange, type Queryable } from '@smi/db';

/** A signed-in member making a change in a workspace (always a known user in the api). */
export interface AuditActor extends Actor {
  id: string;
}

/** The signed-in user as the audit trail names them (the session's current workspace). */
export const actorOf = (user: { id: string; name: string; workspace: { id: string } }): AuditActor => ({ id: user.id, name: user.name, workspaceId: user.workspace.id });

/** A change the api writes: one of the contracts' actions about one of their object kinds. */
export type AuditChange = StoredChange<AuditAction, AuditObjectKind>;

/**
 * Writes one entry of the audit trail (decision 071) in the change's transaction `q`: the one writer, shared with the
 * gateway (which records occupation points), here bound to the contracts' actions and object kinds.
 */
export const writeAudit: (q: Queryable, by: Actor, change: AuditChange) => Promise<void> = writeEntry;

interface AuditRow {
  seq: string;
  at: Date;
  project_id: string | null;
  user_id: string | null;
  user_name: string;
  action: AuditAction;
  object_kind: AuditObjectKind;
  object_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const toView = (r: AuditRow): AuditEntryView => ({
  Seq: String(r.seq),
  At: new Date(r.at).toISOString(),
  ProjectId: r.project_id,
  UserId: r.user_id,
  UserName: r.user_name,
  Action: r.action,
  ObjectKind: r.object_kind,
  ObjectId: r.object_id,
  Before: r.before,
  After: r.after,
});

/** A workspace's entries matching the filter, newest first: `limit` of them older than `before` (all when no limit). */
export async function readAudit(q: Queryable, workspaceId: string, f: AuditQuery, limit?: number): Promise<AuditEntryView[]> {
  const where = ['workspace_id = $1'];
  const params: unknown[] = [workspaceId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.projectId) add('project_id = ?', f.projectId);
  if (f.userId) add('user_id = ?', f.userId);
  if (f.action) add('action = ?', f.action);
  if (f.from) add('at >= ?::timestamptz', f.from);
  if (f.to) add('at < ?::timestamptz', f.to);
  if (f.before) add('seq < ?::bigint', f.before);
  let sql = `SELECT seq::text AS seq, at, project_id, user_id, user_name, action, object_kind, object_id, before, after
    FROM audit_log WHERE ${where.join(' AND ')} ORDER BY audit_log.seq DESC`;
  if (limit !== undefined) {
    params.push(limit);
    sql += ` LIMIT $${params.length}`;
  }
  return (await q.query<AuditRow>(sql, params)).map(toView);
}
