import type { Queryable } from '@smi/db';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  is_verified: boolean;
  token_version: number;
}

const COLUMNS = 'id, name, email, password_hash, is_verified, token_version';

export const usersRepository = {
  async byEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
    const [row] = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
    return row;
  },
  async byId(q: Queryable, id: string): Promise<UserRow | undefined> {
    const [row] = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return row;
  },
  /** Inserts a user; returns undefined when the e-mail is taken (no race between check and insert). */
  async create(q: Queryable, u: { name: string; email: string; passwordHash: string }): Promise<UserRow | undefined> {
    const [row] = await q.query<UserRow>(
      `INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
      [u.name, u.email, u.passwordHash],
    );
    return row;
  },
  async markVerified(q: Queryable, id: string): Promise<void> {
    await q.query('UPDATE users SET is_verified = true WHERE id = $1', [id]);
  },
  /** Sets a new password and ends every session issued before; returns the new token version. */
  async setPassword(q: Queryable, id: string, passwordHash: string, verify = false): Promise<number> {
    const [row] = await q.query<{ token_version: number }>(
      `UPDATE users SET password_hash = $2, token_version = token_version + 1, is_verified = is_verified OR $3
       WHERE id = $1 RETURNING token_version`,
      [id, passwordHash, verify],
    );
    return row!.token_version;
  },
  async endSessions(q: Queryable, id: string): Promise<void> {
    await q.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
  },
};
