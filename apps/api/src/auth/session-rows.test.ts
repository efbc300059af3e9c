import type { Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db } from '@smi/db';
import { createSessions, SESSION_COOKIE, type Sessions } from './session.js';

/**
 * A session's row (account, current workspace, role) is kept between requests on the embedded database and read
 * again after any write of it, whatever path writes it (decision 082); on a PostgreSQL server it is read on every
 * request. Either way a change holds from the write's reply on.
 */
describe('the session row of a signed-in user', () => {
  let db: Db;
  let sessions: Sessions;
  let reads = 0;
  let userId: string;
  let teamId: string;
  let cookie: string;

  beforeAll(async () => {
    db = await openTestDb();
    // the same database, counting the session reads (the one statement that reads pending_registrations too)
    const counted: Db = {
      ...db,
      query: (sql, params) => {
        if (sql.includes('FROM pending_registrations WHERE id')) reads++;
        return db.query(sql, params);
      },
    };
    sessions = createSessions({ secret: 'a-secret-of-the-test', secure: false, db: counted });
    const [user] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Nimal', 'nimal@example.com', 'x', true) RETURNING id");
    const [owner] = await db.query<{ id: string }>("INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Owner', 'owner@example.com', 'x', true) RETURNING id");
    userId = user!.id;
    teamId = owner!.id;
    await db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'surveyor')", [teamId, userId]);
    await db.query('UPDATE users SET current_workspace_id = $2 WHERE id = $1', [userId, teamId]);
    let token = '';
    sessions.issue({ cookie: (_name: string, value: string) => (token = value) } as unknown as Response, { id: userId, tokenVersion: 0 });
    cookie = `${SESSION_COOKIE}=${token}`;
    // the first check may run before the process listens: from then on rows are kept
    await sessions.userOfCookieHeader(cookie);
  });
  afterAll(() => db.close());

  const check = () => sessions.userOfCookieHeader(cookie);
  const readsOf = async (f: () => Promise<unknown>) => {
    const before = reads;
    await f();
    return reads - before;
  };

  it('is read once and kept on the embedded database, read every time on a server', async () => {
    await check();
    const again = await readsOf(check);
    expect(again).toBe(db.listen ? 0 : 1);
    expect(await check()).toMatchObject({ id: userId, name: 'Nimal', workspace: { id: teamId, role: 'surveyor' } });
  });

  it('sees a new role, a removal and a new name at once, written by any path', async () => {
    await db.query("UPDATE workspace_members SET role = 'viewer' WHERE workspace_id = $1 AND user_id = $2", [teamId, userId]);
    expect((await check())?.workspace).toEqual({ id: teamId, role: 'viewer' });
    await db.tx(async (q) => {
      await q.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [teamId, userId]);
      await q.query("UPDATE users SET name = 'Nimal Perera' WHERE id = $1", [userId]);
    });
    // removed: back in the personal workspace, as its owner
    expect(await check()).toMatchObject({ name: 'Nimal Perera', workspace: { id: userId, role: 'owner' } });
    // kept again once read
    expect(await readsOf(check)).toBe(db.listen ? 0 : 1);
  });

  it('ends with a new token version, and a write it does not read keeps the row', async () => {
    await db.query('UPDATE users SET settings = $2 WHERE id = $1', [userId, JSON.stringify({ units: 'm' })]);
    expect(await readsOf(check)).toBe(db.listen ? 0 : 1);
    await db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [userId]);
    expect(await check()).toBeNull();
  });

  it('forgets every row when the users are truncated', async () => {
    await db.query('UPDATE users SET token_version = 0 WHERE id = $1', [userId]);
    expect(await check()).toMatchObject({ id: userId });
    await db.query('TRUNCATE users CASCADE');
    expect(await check()).toBeNull();
  });
});
