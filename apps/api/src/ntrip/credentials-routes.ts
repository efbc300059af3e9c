import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { ntripUserEndpoints as e, type NtripCredentialView } from '@smi/contracts';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import { ntripAccess } from '@smi/ntrip';
import type { Queryable } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { perAccount } from '../http/rate-limit.js';
import { mount } from '../http/route.js';
import { brokerHost } from '../public-config/routes.js';

// a user keeps a handful of controllers, not a fleet: the list stays readable and a leak stays small
const MAX_PER_USER = 50;
const TOO_MANY = (wait: string) => `Too many NTRIP credential changes. Try again in ${wait}.`;

interface Row {
  id: string;
  name: string;
  username: string;
  project_id: string | null;
  project_name: string | null;
  created_at: Date | string;
}

const view = (r: Row, mountpoints: string[]): NtripCredentialView => ({
  id: r.id,
  name: r.name,
  username: r.username,
  projectId: r.project_id,
  projectName: r.project_name,
  createdAt: new Date(r.created_at).toISOString(),
  mountpoints,
});

/**
 * Revokes the workspace's NTRIP credentials a member made (they saw the passwords): when the member leaves or is
 * removed (decision 064). Runs in the caller's transaction; answers the usernames, whose pulls closeCredentialPulls ends.
 */
export async function revokeMemberCredentials(q: Queryable, workspaceId: string, memberId: string): Promise<string[]> {
  const gone = await q.query<{ username: string }>('DELETE FROM ntrip_credentials WHERE user_id = $1 AND created_by = $2 RETURNING username', [workspaceId, memberId]);
  return gone.map((r) => r.username);
}

/** Ends the open pulls of revoked credentials on every gateway (each caster closes its own). */
export function closeCredentialPulls(deps: Pick<AppDeps, 'live' | 'log'>, usernames: string[]): void {
  for (const username of usernames) deps.live?.revokeNtripCredential(username).catch((err) => deps.log.warn({ err }, "revoked NTRIP credential's connections not closed"));
}

/**
 * A user's NTRIP credentials, for a controller or a receiver that is not a registered device: the caster lets them
 * pull the user's bases and project mountpoints (or one project's). The password is made here, shown once in the
 * creation's reply and kept as a bcrypt hash; revoking one ends its open pulls on every gateway.
 */
export function ntripCredentialRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  const list = (userId: string) =>
    db.query<Row>(
      `SELECT c.id, c.name, c.username, c.project_id, p.name AS project_name, c.created_at FROM ntrip_credentials c
         LEFT JOIN projects p ON p.id = c.project_id WHERE c.user_id = $1 ORDER BY c.created_at, c.username`,
      [userId],
    );

  // what the caster lets it pull, by the caster's own rule (a name listed here is one its GET is served)
  const withMounts = async (userId: string, r: Row) =>
    view(r, (await ntripAccess.mountsFor(db, { kind: 'user', userId, username: r.username, projectId: r.project_id })).map((m) => m.mount).sort());

  mount(router, e.listNtripCredentials, load, async ({ user, req }) => {
    const rows = await list(user.workspace.id);
    return {
      success: true,
      // where a controller reaches the caster: the host devices are told for MQTT, the port the caster listens on
      caster: deps.live?.casterAddress(brokerHost(deps.config.publicUrl, req.hostname)) ?? null,
      credentials: await Promise.all(rows.map((r) => withMounts(user.workspace.id, r))),
    };
  });

  mount(router, e.createNtripCredential, load, async ({ user, body, res }) => {
    await perAccount(deps.limiters.ntripCredentialPerAccount, user.id, TOO_MANY);
    if (body.projectId) {
      const [p] = await db.query('SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2', [body.projectId, user.workspace.id]);
      if (!p) throw new AppError(404, 'Project not found');
    }
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ntrip_credentials WHERE user_id = $1', [user.workspace.id])) as [{ n: number }];
    if (n >= MAX_PER_USER) throw new AppError(400, `At most ${MAX_PER_USER} NTRIP credentials; revoke one first`);
    const password = newDeviceSecret();
    const username = `ntrip-${randomBytes(5).toString('hex')}`;
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO ntrip_credentials (user_id, username, secret_hash, name, project_id, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [user.workspace.id, username, await hashDeviceSecret(password), body.name, body.projectId, user.id],
    );
    const created = (await list(user.workspace.id)).find((r) => r.id === row!.id)!;
    res.status(201);
    return { success: true, message: 'NTRIP credential created. The password is shown only once.', credential: await withMounts(user.workspace.id, created), password };
  });

  mount(router, e.deleteNtripCredential, load, async ({ user, params }) => {
    await perAccount(deps.limiters.ntripCredentialPerAccount, user.id, TOO_MANY);
    const [gone] = await db.query<{ username: string }>('DELETE FROM ntrip_credentials WHERE id = $1 AND user_id = $2 RETURNING username', [params.id, user.workspace.id]);
    if (!gone) throw new AppError(404, 'NTRIP credential not found');
    closeCredentialPulls(deps, [gone.username]);
    return { success: true, message: 'NTRIP credential revoked' };
  });

  return router;
}
