import type { Queryable } from './db.js';

/** Who made a change, in which workspace: the member and the name they have at that time. */
export interface AuditActor {
  /** null when nobody is known (a change made before members were recorded) */
  id: string | null;
  name: string;
  workspaceId: string;
}

/**
 * One change as the audit trail keeps it (decision 071). `Action` and `Kind` are the contracts' lists
 * (`AUDIT_ACTIONS`, `AUDIT_OBJECT_KINDS`): the api and the gateway name them, this package only stores them.
 */
export interface AuditChange<Action extends string = string, Kind extends string = string> {
  action: Action;
  objectKind: Kind;
  objectId: string | null;
  projectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one entry of the audit trail. The one way an entry is written, by the api and by the gateway alike: `q` is
 * the transaction of the change it describes, so a change that rolls back leaves no entry and a change that commits
 * always has one.
 */
export async function writeAudit<Action extends string, Kind extends string>(q: Queryable, by: AuditActor, change: AuditChange<Action, Kind>): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (workspace_id, project_id, user_id, user_name, action, object_kind, object_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      by.workspaceId,
      change.projectId ?? null,
      by.id,
      by.name,
      change.action,
      change.objectKind,
      change.objectId,
      change.before ? JSON.stringify(change.before) : null,
      change.after ? JSON.stringify(change.after) : null,
    ],
  );
}

/** A point's columns the trail keeps of it. */
export interface AuditedPointRow {
  name: string;
  number: number;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  code: string;
  attributes: unknown;
  note: string;
  section: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
}

/** The point's columns to read for `pointSnapshot` (a RETURNING list or a SELECT's). */
export const AUDITED_POINT_COLUMNS = 'name, number, latitude, longitude, ellipsoidal_height, code, attributes, note, section, recorded_by, recorded_by_name';

/**
 * The same snapshot made by the database, of a row alias in a statement (`FROM inserted`): so a statement can write
 * its own audit entry and recording a point stays one statement. A test holds it equal to pointSnapshot.
 */
export function pointSnapshotSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  const a = alias;
  return `jsonb_build_object('Name', ${a}.name, 'Number', ${a}.number, 'Latitude', ${a}.latitude, 'Longitude', ${a}.longitude,
    'EllipsoidalHeight', ${a}.ellipsoidal_height, 'Code', ${a}.code, 'Attributes', ${a}.attributes, 'Note', ${a}.note,
    'Section', ${a}.section, 'RecordedBy', jsonb_build_object('Id', ${a}.recorded_by, 'Name', ${a}.recorded_by_name))`;
}

/**
 * What the audit trail keeps of a point recorded or deleted: its name, number, coordinates, code, attributes, note,
 * section and recorder. One shape whichever process stored the point (a browser's record, an occupation's).
 */
export function pointSnapshot(r: AuditedPointRow): Record<string, unknown> {
  return {
    Name: r.name,
    Number: r.number,
    Latitude: r.latitude,
    Longitude: r.longitude,
    EllipsoidalHeight: r.ellipsoidal_height,
    Code: r.code,
    Attributes: r.attributes,
    Note: r.note,
    Section: r.section,
    RecordedBy: { Id: r.recorded_by, Name: r.recorded_by_name },
  };
}
