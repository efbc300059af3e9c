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
  /**
   * Registers an e-mail in one statement: a new user, or, when the e-mail is taken, a pending registration
   * (decision 019) with the name and e-mail typed. Both paths run this same statement and answer alike.
   */
  async register(q: Queryable, u: { name: string; email: string; passwordHash: string }): Promise<{ user?: UserRow; pendingId?: string }> {
    const [row] = await q.query<UserRow & { pending_id: string | null }>(
      `WITH created AS (
         INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}
       ), pending AS (
         INSERT INTO pending_registrations (name, email) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM created) RETURNING id
       )
       SELECT ${COLUMNS}, NULL::uuid AS pending_id FROM created
       UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, id FROM pending`,
      [u.name, u.email, u.passwordHash],
    );
    if (row?.pending_id) return { pendingId: row.pending_id };
    if (!row) throw new Error('registration wrote nothing');
    const { pending_id: _, ...user } = row;
    return { user };
  },
  /** Pending registrations older than a session lives (7 days) can go. */
  async dropOldPending(q: Queryable): Promise<void> {
    await q.query(`DELETE FROM pending_registrations WHERE created_at < now() - interval '8 days'`);
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
  /** Ends every session of an account, or the one of a pending registration (decision 019), in one statement. */
  async endSessions(q: Queryable, id: string): Promise<void> {
    await q.query(
      `WITH account AS (UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING id),
       pending AS (DELETE FROM pending_registrations WHERE id = $1 RETURNING id)
       SELECT (SELECT count(*) FROM account) + (SELECT count(*) FROM pending) AS ended`,
      [id],
    );
  },
};
