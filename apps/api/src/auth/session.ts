import type { CookieOptions, Request, Response } from 'express';
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { parse as parseCookies } from 'cookie';
import { keptUntilAnnounced, type Db, type Queryable } from '@smi/db';

import { SESSION_COOKIE, type WorkspaceRole } from '@smi/contracts';

export { SESSION_COOKIE };
const ALGORITHM = 'HS256';
const LIFETIME_S = 7 * 24 * 3600;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  isVerified: boolean;
  tokenVersion: number;
  /**
   * The workspace the user works in (decision 064): what every route reads and writes as the owner (owner_id), and the
   * user's role in it. The personal workspace (id = the user's id, role owner) when the user chose none or was removed
   * from the one chosen.
   */
  workspace: { id: string; role: WorkspaceRole };
  /**
   * A pending registration of an e-mail that already has an account (decision 019): to whoever registered it
   * answers like a new, unverified account, but it is no account. Never verified, so every 'verified' route refuses
   * it as it refuses any unverified user, and no code verifies it.
   */
  pending?: true;
}

interface Claims {
  sub: string;
  tv: number;
}

/** What a session reads of its user: the account (or pending registration) and its current workspace and role. */
interface SessionRow {
  id: string;
  name: string;
  email: string;
  is_verified: boolean;
  token_version: number;
  pending: boolean;
  workspace_id: string;
  role: WorkspaceRole;
}

/**
 * The session row of a user, kept until a write announces it on the embedded database (migration 181, decision 082),
 * read on every request elsewhere: either way a removal, a role change, a new token version or a new name holds from
 * the write's reply on.
 */
function sessionRows(db: Queryable & Pick<Db, 'listen'>) {
  return keptUntilAnnounced(db, 'session_rows', async (id) => {
    // one statement for an account and a pending registration alike (their tokens look the same, so do their reads)
    const [row] = await db.query<SessionRow>(
      `SELECT u.id, u.name, u.email, u.is_verified, u.token_version, false AS pending,
         coalesce(m.workspace_id, u.id) AS workspace_id, coalesce(m.role, 'owner') AS role
       FROM users u LEFT JOIN workspace_members m ON m.workspace_id = u.current_workspace_id AND m.user_id = u.id
       WHERE u.id = $1
       UNION ALL SELECT id, name, email, false, 0, true, id, 'owner' FROM pending_registrations WHERE id = $1`,
      [id],
    );
    return row;
  });
}

export interface Sessions {
  issue(res: Response, user: { id: string; tokenVersion: number }): void;
  clear(res: Response): void;
  /** The user of a request's cookie, or null when absent, forged, expired or ended by a newer token version. */
  userOf(req: Request): Promise<SessionUser | null>;
  /** The same check from a raw Cookie header (the socket.io handshake). */
  userOfCookieHeader(header: string | undefined): Promise<SessionUser | null>;
}

export function createSessions(opts: { secret: string; secure: boolean; db: Queryable & Pick<Db, 'listen'> }): Sessions {
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
  };
  // a KeyObject made once: given the secret as a string, jsonwebtoken first tries it as a PEM public key on every
  // verify (a thrown error each time), ~0.5 ms per authenticated request against ~11 µs with the key object
  const key = createSecretKey(Buffer.from(opts.secret, 'utf8'));
  const rowOf = sessionRows(opts.db);

  async function fromToken(token: string | undefined): Promise<SessionUser | null> {
    if (!token) return null;
    let claims: Claims;
    try {
      claims = jwt.verify(token, key, { algorithms: [ALGORITHM], maxAge: LIFETIME_S }) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number' || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
    // the current workspace is read with the account (kept until a write of either is announced): a removal or a role
    // change holds at once
    const row = await rowOf(claims.sub.toLowerCase());
    if (!row || row.token_version !== claims.tv) return null;
    const user: SessionUser = {
      id: row.id,
      name: row.name,
      email: row.email,
      isVerified: row.is_verified,
      tokenVersion: row.token_version,
      workspace: { id: row.workspace_id, role: row.role },
    };
    return row.pending ? { ...user, isVerified: false, pending: true } : user;
  }

  return {
    issue(res, user) {
      const token = jwt.sign({ tv: user.tokenVersion } satisfies Omit<Claims, 'sub'>, key, {
        algorithm: ALGORITHM,
        subject: user.id,
        expiresIn: LIFETIME_S,
      });
      res.cookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: LIFETIME_S * 1000 });
    },
    clear(res) {
      res.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    async userOf(req) {
      return this.userOfCookieHeader(req.headers.cookie);
    },
    async userOfCookieHeader(header) {
      if (!header) return null;
      return fromToken(parseCookies(header)[SESSION_COOKIE]);
    },
  };
}
