import type { Queryable } from '@smi/db';
import { devicesRepository } from '../devices/repository.js';
import { EXTERNAL_PROJECT } from './external-project.js';

/**
 * Who may push to and pull from which mountpoint. A base's mountpoint is its device code; a project that takes
 * corrections from an external caster has the mountpoint `projectMount(id)`. A rover may pull the bases of the
 * Active projects it belongs to (the MQTT relay's rule) and those projects' mountpoints; a user's NTRIP credential
 * may pull every base and project mountpoint of that user (or of one project, when it is limited to one).
 */
export type Requester =
  | { kind: 'rover'; code: string; ownerId: string }
  | { kind: 'user'; userId: string; username: string; /** a credential limited to one project */ projectId: string | null };


export interface MountRow {
  mount: string;
  identifier: string;
  ownerId: string;
}

/** The caster's mountpoint for a project's external corrections: `P-` and the project id's first 8 hex digits. */
export function projectMount(projectId: string): string {
  return `P-${projectId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export const ntripAccess = {
  /** The mountpoints a requester may pull (for its sourcetable and its GET). */
  async mountsFor(q: Queryable, who: Requester): Promise<MountRow[]> {
    if (who.kind === 'rover') {
      const rows = await q.query<{ code: string; name: string; owner_id: string; project_id: string | null; external: boolean }>(
        `SELECT DISTINCT b.code, b.name, b.owner_id, NULL::text AS project_id, false AS external FROM devices r
           JOIN project_devices pd ON pd.device_id = r.id
           JOIN projects p ON p.id = pd.project_id AND p.status = 'Active' AND p.owner_id = r.owner_id
           JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id
          WHERE r.code = $1 AND r.type = 'rover'
         UNION
         SELECT NULL, p.name, p.owner_id, p.id::text, true FROM devices r
           JOIN project_devices pd ON pd.device_id = r.id
           JOIN projects p ON p.id = pd.project_id AND p.status = 'Active' AND p.owner_id = r.owner_id
          WHERE r.code = $1 AND r.type = 'rover' AND ${EXTERNAL_PROJECT}`,
        [who.code],
      );
      return rows.map((r) => ({ mount: r.external ? projectMount(r.project_id!) : r.code, identifier: r.name, ownerId: r.owner_id }));
    }
    // a credential limited to a project pulls that project's base and its network corrections only
    const rows = await q.query<{ code: string | null; name: string; project_id: string | null }>(
      who.projectId
        ? `SELECT b.code, b.name, NULL::text AS project_id FROM projects p JOIN devices b ON b.id = p.base_station_id AND b.owner_id = p.owner_id
            WHERE p.id = $2 AND p.owner_id = $1
           UNION ALL SELECT NULL, p.name, p.id::text FROM projects p WHERE p.id = $2 AND p.owner_id = $1 AND ${EXTERNAL_PROJECT}`
        : `SELECT code, name, NULL::text AS project_id FROM devices WHERE owner_id = $1 AND type = 'base'
           UNION ALL SELECT NULL, p.name, p.id::text FROM projects p WHERE p.owner_id = $1 AND ${EXTERNAL_PROJECT}`,
      who.projectId ? [who.userId, who.projectId] : [who.userId],
    );
    return rows.map((r) => ({ mount: r.code ?? projectMount(r.project_id!), identifier: r.name, ownerId: who.userId }));
  },

  async mayPull(q: Queryable, who: Requester, mount: string): Promise<MountRow | undefined> {
    return (await ntripAccess.mountsFor(q, who)).find((m) => m.mount === mount);
  },

  async rover(q: Queryable, code: string) {
    const d = await devicesRepository.byCode(q, code);
    return d && d.type === 'rover' ? d : null;
  },

  async base(q: Queryable, code: string) {
    const d = await devicesRepository.byCode(q, code);
    return d && d.type === 'base' ? d : null;
  },

  async userCredential(q: Queryable, username: string) {
    const [row] = await q.query<{ user_id: string; secret_hash: string; project_id: string | null }>(
      'SELECT user_id, secret_hash, project_id FROM ntrip_credentials WHERE username = $1',
      [username],
    );
    return row ? { userId: row.user_id, secretHash: row.secret_hash, projectId: row.project_id } : null;
  },
};
