import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { workspaceEndpoints as e, type WorkspaceRole, type WorkspaceView } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import type { SessionUser } from '../auth/session.js';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import { closeCredentialPulls, revokeMemberCredentials } from '../ntrip/credentials-routes.js';

/** How long an invitation's link works (decision 065). */
export const INVITATION_DAYS = 7;
const MEMBER_NOT_FOUND = 'Member not found';
const INVITATION_NOT_FOUND = 'Invitation not found';
const LINK_NOT_VALID = 'This invitation link is not valid any more. Ask for a new invitation.';

const iso = (d: Date) => d.toISOString();
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface InvitationRow {
  id: string;
  email: string;
  role: 'admin' | 'surveyor' | 'viewer';
  invited_by_name: string;
  expires_at: Date;
}
const invitationView = (r: InvitationRow) => ({ id: r.id, email: r.email, role: r.role, invitedBy: r.invited_by_name, expiresAt: iso(r.expires_at) });

async function workspacesOf(q: Queryable, user: SessionUser): Promise<WorkspaceView[]> {
  const rows = await q.query<{ id: string; name: string; personal: boolean; role: WorkspaceRole }>(
    `SELECT w.id, w.name, w.personal_of IS NOT NULL AS personal, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = $1 ORDER BY w.personal_of IS NULL, lower(w.name), w.id`,
    [user.id],
  );
  return rows.map((r) => ({ ...r, current: r.id === user.workspace.id }));
}

/** Workspaces, members and invitations (decisions 064, 065). Member calls act in the current workspace. */
export function workspaceRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions, events } = deps;
  const load = sessions.userOf.bind(sessions);
  const changed = (userId: string) => events.emit('workspaceAccessChanged', userId);

  const viewOf = async (user: SessionUser, workspaceId: string) => {
    const found = (await workspacesOf(db, user)).find((w) => w.id === workspaceId);
    if (!found) throw new AppError(404, 'Workspace not found');
    return found;
  };

  mount(router, e.listWorkspaces, load, async ({ user }) => ({ success: true, workspaces: await workspacesOf(db, user) }));

  mount(router, e.createWorkspace, load, async ({ user, body, res }) => {
    const id = await db.tx(async (q) => {
      const [w] = await q.query<{ id: string }>('INSERT INTO workspaces (name) VALUES ($1) RETURNING id', [body.name]);
      await q.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')", [w!.id, user.id]);
      await writeAudit(q, { ...actorOf(user), workspaceId: w!.id }, { action: 'workspace.created', objectKind: 'workspace', objectId: w!.id, after: { Name: body.name } });
      return w!.id;
    });
    res.status(201);
    return { success: true, message: 'Workspace created', workspace: await viewOf(user, id) };
  });

  mount(router, e.switchWorkspace, load, async ({ user, body }) => {
    const [done] = await db.query(
      `UPDATE users SET current_workspace_id = $2 WHERE id = $1
         AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = $2 AND user_id = $1) RETURNING id`,
      [user.id, body.workspaceId],
    );
    if (!done) throw new AppError(404, 'Workspace not found');
    changed(user.id);
    return { success: true, message: 'Workspace switched', workspace: await viewOf({ ...user, workspace: { id: body.workspaceId, role: 'viewer' } }, body.workspaceId) };
  });

  mount(router, e.listMembers, load, async ({ user }) => {
    const rows = await db.query<{ user_id: string; name: string; email: string; role: WorkspaceRole; joined_at: Date }>(
      `SELECT m.user_id, u.name, u.email, m.role, m.joined_at FROM workspace_members m JOIN users u ON u.id = m.user_id
       WHERE m.workspace_id = $1 ORDER BY m.joined_at, u.name`,
      [user.workspace.id],
    );
    return { success: true, members: rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, role: r.role, joinedAt: iso(r.joined_at) })) };
  });

  /** A member of the current workspace other than its owner, locked for the change (its role and name); 404 or 409 otherwise. */
  const memberToChange = async (q: Queryable, workspaceId: string, memberId: string) => {
    const [m] = await q.query<{ role: WorkspaceRole; name: string }>(
      'SELECT m.role, u.name FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2 FOR UPDATE OF m',
      [workspaceId, memberId],
    );
    if (!m) throw new AppError(404, MEMBER_NOT_FOUND);
    if (m.role === 'owner') throw new AppError(409, "The owner's role changes only by a transfer of ownership");
    return m;
  };

  mount(router, e.changeMemberRole, load, async ({ user, params, body }) => {
    await db.tx(async (q) => {
      const m = await memberToChange(q, user.workspace.id, params.memberId);
      await q.query('UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2', [user.workspace.id, params.memberId, body.role]);
      await writeAudit(q, actorOf(user), { action: 'member.role-changed', objectKind: 'member', objectId: params.memberId, before: { Name: m.name, Role: m.role }, after: { Name: m.name, Role: body.role } });
    });
    changed(params.memberId);
    return { success: true, message: 'Role changed' };
  });

  mount(router, e.removeMember, load, async ({ user, params }) => {
    const revoked = await db.tx(async (q) => {
      const m = await memberToChange(q, user.workspace.id, params.memberId);
      await q.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [user.workspace.id, params.memberId]);
      const credentials = await revokeMemberCredentials(q, user.workspace.id, params.memberId);
      await writeAudit(q, actorOf(user), { action: 'member.removed', objectKind: 'member', objectId: params.memberId, before: { Name: m.name, Role: m.role }, after: credentials.length ? { NtripCredentialsRevoked: credentials } : null });
      await q.query('UPDATE users SET current_workspace_id = NULL WHERE id = $1 AND current_workspace_id = $2', [params.memberId, user.workspace.id]);
      return credentials;
    });
    closeCredentialPulls(deps, revoked);
    changed(params.memberId);
    return { success: true, message: 'Member removed' };
  });

  mount(router, e.leaveWorkspace, load, async ({ user }) => {
    if (user.workspace.role === 'owner') throw new AppError(409, 'The owner cannot leave: transfer the workspace to another member first');
    const revoked = await db.tx(async (q) => {
      await q.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [user.workspace.id, user.id]);
      await q.query('UPDATE users SET current_workspace_id = NULL WHERE id = $1', [user.id]);
      const credentials = await revokeMemberCredentials(q, user.workspace.id, user.id);
      await writeAudit(q, actorOf(user), { action: 'member.left', objectKind: 'member', objectId: user.id, before: { Name: user.name, Role: user.workspace.role }, after: credentials.length ? { NtripCredentialsRevoked: credentials } : null });
      return credentials;
    });
    closeCredentialPulls(deps, revoked);
    changed(user.id);
    return { success: true, message: 'You left the workspace' };
  });

  mount(router, e.transferWorkspace, load, async ({ user, body }) => {
    if (body.memberId === user.id) throw new AppError(409, 'You already own this workspace');
    await db.tx(async (q) => {
      const m = await memberToChange(q, user.workspace.id, body.memberId);
      const [w] = await q.query<{ personal: boolean }>('SELECT personal_of IS NOT NULL AS personal FROM workspaces WHERE id = $1', [user.workspace.id]);
      if (w?.personal) throw new AppError(409, 'A personal workspace cannot be given away');
      // one owner at a time (a unique index): the owner steps down first
      await q.query("UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2", [user.workspace.id, user.id]);
      await q.query("UPDATE workspace_members SET role = 'owner' WHERE workspace_id = $1 AND user_id = $2", [user.workspace.id, body.memberId]);
      await writeAudit(q, actorOf(user), {
        action: 'workspace.transferred',
        objectKind: 'workspace',
        objectId: user.workspace.id,
        before: { OwnerId: user.id, OwnerName: user.name },
        after: { OwnerId: body.memberId, OwnerName: m.name },
      });
    });
    changed(user.id);
    changed(body.memberId);
    return { success: true, message: 'Ownership transferred' };
  });

  mount(router, e.deleteWorkspace, load, async ({ user }) => {
    const { members, devices } = await db.tx(async (q) => {
      const [w] = await q.query<{ personal: boolean; name: string }>('SELECT personal_of IS NOT NULL AS personal, name FROM workspaces WHERE id = $1 FOR UPDATE', [user.workspace.id]);
      if (!w) throw new AppError(404, 'Workspace not found');
      if (w.personal) throw new AppError(409, 'Your personal workspace cannot be deleted');
      const members = (await q.query<{ user_id: string }>('SELECT user_id FROM workspace_members WHERE workspace_id = $1', [user.workspace.id])).map((r) => r.user_id);
      const devices = (await q.query<{ code: string }>('SELECT code FROM devices WHERE owner_id = $1', [user.workspace.id])).map((r) => r.code);
      await q.query('DELETE FROM workspaces WHERE id = $1', [user.workspace.id]);
      // kept under the deleted workspace's id: the entry outlives it like every entry outlives what it describes
      await writeAudit(q, actorOf(user), { action: 'workspace.deleted', objectKind: 'workspace', objectId: user.workspace.id, before: { Name: w.name, Members: members.length, Devices: devices.length }, after: null });
      return { members, devices };
    });
    // its devices' MQTT and NTRIP connections end on every gateway, as when a device is removed
    for (const code of devices) deps.live?.revokeDevice(code).catch((err) => deps.log.warn({ err, device: code }, "deleted workspace's device connections not closed"));
    events.emit('ntripAccessChanged', user.workspace.id);
    for (const m of members) changed(m);
    return { success: true, message: 'Workspace deleted' };
  });

  mount(router, e.listInvitations, load, async ({ user }) => {
    const rows = await db.query<InvitationRow>(
      `SELECT id, email, role, invited_by_name, expires_at FROM workspace_invitations
       WHERE workspace_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at`,
      [user.workspace.id],
    );
    return { success: true, invitations: rows.map(invitationView) };
  });

  /** Mails the link after the reply: whether the address has an account is never looked at, so nothing tells it. */
  const mailInvitation = (req: Request, user: SessionUser, to: string, role: string, token: string) => {
    const origin = deps.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
    const link = `${origin.replace(/\/$/, '')}/invitations/${token}`;
    deps.afterReply(async () => {
      const [w] = await db.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [user.workspace.id]);
      await deps.mailer
        .send({
          to,
          subject: `${user.name} invited you to ${w?.name ?? 'a workspace'} on Site Measurement IoT`,
          text: `Hello,\n\n${user.name} invited you to join the workspace "${w?.name ?? ''}" on Site Measurement IoT as ${role}.\n\nOpen this link within ${INVITATION_DAYS} days to join:\n${link}\n\nSign in with this e-mail address (${to}), or sign up with it if you have no account yet. The link works once. If you were not expecting it, you can ignore this message.\n\nSite Measurement IoT`,
        })
        .catch((err: unknown) => deps.log.warn({ err }, 'invitation not mailed'));
    });
  };

  const personalRefused = async (workspaceId: string) => {
    const [w] = await db.query<{ personal: boolean }>('SELECT personal_of IS NOT NULL AS personal FROM workspaces WHERE id = $1', [workspaceId]);
    if (w?.personal) throw new AppError(409, 'Make a team workspace to invite people: your personal workspace is yours alone');
  };

  mount(router, e.invite, load, async ({ user, body, req, res }) => {
    await personalRefused(user.workspace.id);
    const token = randomBytes(32).toString('base64url');
    // inviting an address again renews its pending invitation (new link, new role, 7 more days)
    const row = await db.tx(async (q) => {
      const [made] = await q.query<InvitationRow>(
        `INSERT INTO workspace_invitations (workspace_id, email, role, token_hash, invited_by, invited_by_name, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => ${INVITATION_DAYS}))
         ON CONFLICT (workspace_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL
         DO UPDATE SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by,
           invited_by_name = EXCLUDED.invited_by_name, expires_at = EXCLUDED.expires_at, created_at = now()
         RETURNING id, email, role, invited_by_name, expires_at`,
        [user.workspace.id, body.email, body.role, tokenHash(token), user.id, user.name],
      );
      // the invited address and role, never the token
      await writeAudit(q, actorOf(user), { action: 'invitation.sent', objectKind: 'invitation', objectId: made!.id, after: { Email: made!.email, Role: made!.role } });
      return made!;
    });
    mailInvitation(req, user, body.email, body.role, token);
    res.status(201);
    return { success: true, message: `Invitation sent to ${body.email}`, invitation: invitationView(row) };
  });

  mount(router, e.resendInvitation, load, async ({ user, params, req }) => {
    const token = randomBytes(32).toString('base64url');
    const row = await db.tx(async (q) => {
      const [renewed] = await q.query<InvitationRow>(
        `UPDATE workspace_invitations SET token_hash = $3, expires_at = now() + make_interval(days => ${INVITATION_DAYS})
         WHERE id = $1 AND workspace_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL
         RETURNING id, email, role, invited_by_name, expires_at`,
        [params.invitationId, user.workspace.id, tokenHash(token)],
      );
      if (!renewed) throw new AppError(404, INVITATION_NOT_FOUND);
      await writeAudit(q, actorOf(user), { action: 'invitation.resent', objectKind: 'invitation', objectId: renewed.id, after: { Email: renewed.email, Role: renewed.role } });
      return renewed;
    });
    mailInvitation(req, user, row.email, row.role, token);
    return { success: true, message: `Invitation sent again to ${row.email}`, invitation: invitationView(row) };
  });

  mount(router, e.revokeInvitation, load, async ({ user, params }) => {
    await db.tx(async (q) => {
      const [row] = await q.query<{ id: string; email: string; role: string }>(
        'UPDATE workspace_invitations SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id, email, role',
        [params.invitationId, user.workspace.id],
      );
      if (!row) throw new AppError(404, INVITATION_NOT_FOUND);
      await writeAudit(q, actorOf(user), { action: 'invitation.revoked', objectKind: 'invitation', objectId: row.id, before: { Email: row.email, Role: row.role }, after: null });
    });
    return { success: true, message: 'Invitation withdrawn' };
  });

  mount(router, e.transferDevice, load, async ({ user, params, body }) => {
    const secret = newDeviceSecret();
    const hash = await hashDeviceSecret(secret);
    const code = await db.tx(async (q) => {
      const [device] = await q.query<{ code: string }>('SELECT code FROM devices WHERE id = $1 AND owner_id = $2 FOR UPDATE', [params.id, user.workspace.id]);
      if (!device) throw new AppError(404, 'Device not found');
      const [target] = await q.query("SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND role IN ('owner', 'admin')", [body.workspaceId, user.id]);
      if (!target) throw new AppError(404, 'Workspace not found');
      if (body.workspaceId === user.workspace.id) throw new AppError(409, 'The device is already in this workspace');
      // it leaves this workspace's projects: none of them may use it any more
      await q.query('DELETE FROM project_devices WHERE device_id = $1', [params.id]);
      await q.query('UPDATE projects SET base_station_id = NULL WHERE base_station_id = $1', [params.id]);
      await q.query('UPDATE devices SET owner_id = $2, connected = false, secret_hash = $3, ntrip_secret_hash = NULL WHERE id = $1', [params.id, body.workspaceId, hash]);
      // in both workspaces' trails: the one it left and the one it joined (never the secret)
      const moved = { action: 'device.moved', objectKind: 'device', objectId: params.id, before: { Code: device.code, WorkspaceId: user.workspace.id }, after: { Code: device.code, WorkspaceId: body.workspaceId, SecretRenewed: true } } as const;
      await writeAudit(q, actorOf(user), moved);
      await writeAudit(q, { ...actorOf(user), workspaceId: body.workspaceId }, moved);
      return device.code;
    });
    // the old secret's MQTT and NTRIP connections end on every gateway
    deps.live?.revokeDevice(code).catch((err) => deps.log.warn({ err, device: code }, "transferred device's connections not closed"));
    events.emit('ntripAccessChanged', user.workspace.id);
    return { success: true, message: 'Device moved. Give it the new secret: it is shown only once.', username: code, secret };
  });

  mount(router, e.acceptInvitation, load, async ({ user, body }) => {
    const workspaceId = await db.tx(async (q) => {
      const [inv] = await q.query<{ id: string; workspace_id: string; email: string; role: WorkspaceRole }>(
        `SELECT id, workspace_id, email, role FROM workspace_invitations
         WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() FOR UPDATE`,
        [tokenHash(body.token)],
      );
      if (!inv) throw new AppError(404, LINK_NOT_VALID);
      if (inv.email !== user.email.toLowerCase()) throw new AppError(403, `This invitation is for another e-mail address. Sign in as ${inv.email} to accept it.`);
      await q.query('UPDATE workspace_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [inv.id, user.id]);
      // already a member (another invitation accepted first): the role they have stays
      await q.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [inv.workspace_id, user.id, inv.role]);
      await q.query('UPDATE users SET current_workspace_id = $2 WHERE id = $1', [user.id, inv.workspace_id]);
      await writeAudit(q, { ...actorOf(user), workspaceId: inv.workspace_id }, { action: 'invitation.accepted', objectKind: 'invitation', objectId: inv.id, after: { Email: inv.email, Role: inv.role } });
      return inv.workspace_id;
    });
    changed(user.id);
    return { success: true, message: 'You joined the workspace', workspace: await viewOf({ ...user, workspace: { id: workspaceId, role: 'viewer' } }, workspaceId) };
  });

  return router;
}
