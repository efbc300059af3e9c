import type { Queryable } from '@smi/db';
import { EXTERNAL_PROJECT } from './external-project.js';

/**
 * Who may push to and pull from which mountpoint. A base's mountpoint is its device code; a project that takes
 * corrections from an external caster has its own drawn name (`projects.ntrip_mount`). A rover may pull the bases of
 * the Active projects it belongs to (the MQTT relay's rule) and those projects' mountpoints; a user's NTRIP credential
 * may pull every base and project mountpoint of that user (or of one project, when it is limited to one).
 *
 * Inside the caster a mountpoint is known by its key, never by its name (decision 035): a base's key holds its
 * device code and a project's its id, so no device code, whatever it looks like, can name a project's stream, and a
 * name is resolved only among what the requester may pull.
 */
export type Requester =
  | { kind: 'rover'; code: string; ownerId: string }
  | { kind: 'user'; userId: string; username: string; /** a credential limited to one project */ projectId: string | null };

export interface MountRow {
  /** The caster's key of the stream (mountKey). */
  key: string;
  /** Its name in the sourcetable. */
  mount: string;
  /** A project's name before decision 035, still accepted from a rover configured with it; never listed. */
  legacy: string | null;
  identifier: string;
  ownerId: string;
}

export const mountKey = {
  base: (code: string) => `b:${code}`,
  project: (projectId: string) => `p:${projectId}`,
};

/** The row a requested name stands for among those a requester may pull: a current name first, then an old one. */
export function resolveMount(rows: readonly MountRow[], name: string): MountRow | undefined {
  return rows.find((r) => r.mount === name) ?? rows.find((r) => r.legacy === name);
}

interface Row {
  code: string | null;
  name: string;
  owner_id: string;
  project_id: string | null;
  ntrip_mount: string | null;
  legacy_ntrip_mount: string | null;
}

const toMountRow = (r: Row): MountRow =>
  r.project_id
    ? { key: mountKey.project(r.project_id), mount: r.ntrip_mount!, legacy: r.legacy_ntrip_mount, identifier: r.name, ownerId: r.owner_id }
    : { key: mountKey.base(r.code!), mount: r.code!, legacy: null, identifier: r.name, ownerId: r.owner_id };

// a rover's Active projects, of its own owner
const ROVER_PROJECTS = `devices r JOIN project_devices pd ON pd.device_id = r.id
  JOIN projects p ON p.id = pd.project_id AND p.status = 'Active' AND p.owner_id = r.owner_id`;
const THE_ROVER = `r.code = $1 AND r.type = 'rover'`;
const BASE_COLUMNS = 'b.code, b.name, b.owner_id, NULL::uuid AS project_id, NULL::text AS ntrip_mount, NULL::text AS legacy_ntrip_mount';
const PROJECT_COLUMNS = 'NULL::text AS code, p.name, p.owner_id, p.id AS project_id, p.ntrip_mount, p.legacy_ntrip_mount';

export const ntripAccess = {
  /** The mountpoints a requester may pull (for its sourcetable and its GET). */
  async mountsFor(q: Queryable, who: Requester): Promise<MountRow[]> {
    if (who.kind === 'rover') {
      const rows = await q.query<Row>(
        `SELECT DISTINCT ${BASE_COLUMNS} FROM ${ROVER_PROJECTS}
           JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id WHERE ${THE_ROVER}
         UNION
         SELECT ${PROJECT_COLUMNS} FROM ${ROVER_PROJECTS} WHERE ${THE_ROVER} AND ${EXTERNAL_PROJECT}`,
        [who.code],
      );
      return rows.map(toMountRow);
    }
    // a credential limited to a project pulls that project's base and its network corrections only
    const rows = await q.query<Row>(
      who.projectId
        ? `SELECT ${BASE_COLUMNS} FROM projects p JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id
            WHERE p.id = $2 AND p.owner_id = $1
           UNION ALL SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = $2 AND p.owner_id = $1 AND ${EXTERNAL_PROJECT}`
        : `SELECT ${BASE_COLUMNS} FROM devices b WHERE b.owner_id = $1 AND b.type = 'base'
           UNION ALL SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.owner_id = $1 AND ${EXTERNAL_PROJECT}`,
      who.projectId ? [who.userId, who.projectId] : [who.userId],
    );
    return rows.map(toMountRow);
  },

  async mayPull(q: Queryable, who: Requester, name: string): Promise<MountRow | undefined> {
    return resolveMount(await ntripAccess.mountsFor(q, who), name);
  },

  async userCredential(q: Queryable, username: string) {
    const [row] = await q.query<{ user_id: string; secret_hash: string; project_id: string | null }>(
      'SELECT user_id, secret_hash, project_id FROM ntrip_credentials WHERE username = $1',
      [username],
    );
    return row ? { userId: row.user_id, secretHash: row.secret_hash, projectId: row.project_id } : null;
  },

  /** A project's mountpoint name (what its NTRIP panel shows), or undefined for a missing project. */
  async projectMountName(q: Queryable, projectId: string): Promise<string | undefined> {
    const [row] = await q.query<{ ntrip_mount: string }>('SELECT ntrip_mount FROM projects WHERE id = $1', [projectId]);
    return row?.ntrip_mount;
  },
};
