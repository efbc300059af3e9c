import type { CodeList } from '@smi/contracts';
import type { Queryable } from '@smi/db';

export interface CodeListRow {
  id: string;
  owner_id: string;
  name: string;
  control_codes: CodeList['controlCodes'];
  codes: CodeList['codes'];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, owner_id, name, control_codes, codes, created_at, updated_at';

/** Every read and write names the owner: another account's list is simply not there. */
export const codeListsRepository = {
  async summaries(q: Queryable, ownerId: string) {
    return q.query<{ id: string; name: string; codes: number; updated_at: Date; projects: number }>(
      `SELECT l.id, l.name, jsonb_array_length(l.codes)::int AS codes, l.updated_at,
         (SELECT count(*)::int FROM projects p WHERE p.code_list_id = l.id) AS projects
       FROM code_lists l WHERE l.owner_id = $1 ORDER BY lower(l.name), l.created_at`,
      [ownerId],
    );
  },

  async owned(q: Queryable, ownerId: string, id: string): Promise<CodeListRow | undefined> {
    const [row] = await q.query<CodeListRow>(`SELECT ${COLUMNS} FROM code_lists WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    return row;
  },

  async create(q: Queryable, ownerId: string, list: CodeList): Promise<CodeListRow> {
    const [row] = await q.query<CodeListRow>(
      `INSERT INTO code_lists (owner_id, name, control_codes, codes) VALUES ($1, $2, $3::jsonb, $4::jsonb) RETURNING ${COLUMNS}`,
      [ownerId, list.name, JSON.stringify(list.controlCodes), JSON.stringify(list.codes)],
    );
    return row!;
  },

  async replace(q: Queryable, ownerId: string, id: string, list: CodeList): Promise<CodeListRow | undefined> {
    const [row] = await q.query<CodeListRow>(
      `UPDATE code_lists SET name = $3, control_codes = $4::jsonb, codes = $5::jsonb, updated_at = now()
       WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
      [id, ownerId, list.name, JSON.stringify(list.controlCodes), JSON.stringify(list.codes)],
    );
    return row;
  },

  /** The names of the owner's projects that read their codes with this list. */
  async projectsUsing(q: Queryable, id: string): Promise<string[]> {
    const rows = await q.query<{ name: string }>('SELECT name FROM projects WHERE code_list_id = $1 ORDER BY name', [id]);
    return rows.map((r) => r.name);
  },

  async projectIdsUsing(q: Queryable, id: string): Promise<string[]> {
    return (await q.query<{ id: string }>('SELECT id FROM projects WHERE code_list_id = $1', [id])).map((r) => r.id);
  },

  async remove(q: Queryable, ownerId: string, id: string): Promise<boolean> {
    const rows = await q.query('DELETE FROM code_lists WHERE id = $1 AND owner_id = $2 RETURNING id', [id, ownerId]);
    return rows.length > 0;
  },

  /** The project's assigned list (its row), null for none; undefined when the project is not the owner's. */
  async ofProject(q: Queryable, ownerId: string, projectId: string): Promise<CodeListRow | null | undefined> {
    const [row] = await q.query<{ found: boolean } & Partial<CodeListRow>>(
      `SELECT true AS found, l.id, l.owner_id, l.name, l.control_codes, l.codes, l.created_at, l.updated_at
       FROM projects p LEFT JOIN code_lists l ON l.id = p.code_list_id WHERE p.id = $1 AND p.owner_id = $2`,
      [projectId, ownerId],
    );
    if (!row) return undefined;
    return row.id ? (row as CodeListRow) : null;
  },

  async assign(q: Queryable, ownerId: string, projectId: string, listId: string | null): Promise<boolean> {
    const rows = await q.query('UPDATE projects SET code_list_id = $3, last_modified = now() WHERE id = $1 AND owner_id = $2 RETURNING id', [projectId, ownerId, listId]);
    return rows.length > 0;
  },
};

export const listOf = (row: CodeListRow): CodeList => ({ name: row.name, controlCodes: row.control_codes, codes: row.codes });
