import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'supertest';
import type { AuditEntryView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { registerDevice } from '../projects/survey-fixtures.js';

type Account = { agent: Agent; userId: string; name: string; email: string };

/** A quoted-printable mail body as text. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('the audit trail of a team: members, roles, invitations, ownership and devices', () => {
  let h: Harness;
  let owner: Account;
  let sam: Account;
  let vic: Account;
  let team: string;
  const entries = async (query = '', who: Account = owner) => (await who.agent.get(`/api/audit${query}`).expect(200)).body.entries as AuditEntryView[];
  const count = async () => Number((await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log WHERE workspace_id = $1', [team]))[0]!.n);

  /** The token of the newest invitation mailed to an address (mailed after the reply). */
  async function tokenFor(address: string, after: number): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const mail = h.smtp.mails.slice(after).reverse().find((m) => m.to.includes(address));
      const token = mail && decoded(mail.raw).match(/\/invitations\/([A-Za-z0-9_-]{20,})/)?.[1];
      if (token) return token;
      await new Promise((ok) => setTimeout(ok, 25));
    }
    throw new Error(`no invitation mailed to ${address}`);
  }

  async function join(who: Account, role: 'admin' | 'surveyor' | 'viewer') {
    const before = h.smtp.mails.length;
    const sent = await owner.agent.post('/api/workspace/invitations').send({ email: who.email, role }).expect(201);
    const token = await tokenFor(who.email, before);
    await who.agent.post('/api/invitations/accept').send({ token }).expect(200);
    return { id: sent.body.invitation.id as string, token };
  }

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.verifiedUser('Olga Owner');
    sam = await h.verifiedUser('Sam Surveyor');
    vic = await h.verifiedUser('Vic Viewer');
    team = (await owner.agent.post('/api/workspaces').send({ name: 'North crew' }).expect(201)).body.workspace.id;
    await owner.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
  });
  afterAll(() => h?.close());

  it('records the workspace made, an invitation sent and accepted with its address and role, never its token', async () => {
    const { id: invitation, token } = await join(sam, 'surveyor');
    const trail = await entries();
    expect(trail.map((e) => e.Action)).toEqual(['invitation.accepted', 'invitation.sent', 'workspace.created']);
    const [accepted, sent, created] = trail;
    expect(created).toMatchObject({ UserId: owner.userId, UserName: 'Olga Owner', ObjectKind: 'workspace', ObjectId: team, Before: null, After: { Name: 'North crew' } });
    expect(sent).toMatchObject({ UserId: owner.userId, ObjectKind: 'invitation', ObjectId: invitation, Before: null, After: { Email: sam.email, Role: 'surveyor' } });
    expect(accepted).toMatchObject({ UserId: sam.userId, UserName: 'Sam Surveyor', ObjectKind: 'invitation', ObjectId: invitation, After: { Email: sam.email, Role: 'surveyor' } });
    const [stored] = await h.db.query<{ token_hash: string }>('SELECT token_hash FROM workspace_invitations WHERE id = $1', [invitation]);
    const written = JSON.stringify(await h.db.query('SELECT before, after FROM audit_log WHERE workspace_id = $1', [team]));
    expect(written).toContain(sam.email);
    expect(written).not.toContain(token);
    expect(written).not.toContain(stored!.token_hash);
  });

  it('records a role change with the role before and after, and a removal with the role the member had', async () => {
    await owner.agent.put(`/api/workspace/members/${sam.userId}`).send({ role: 'admin' }).expect(200);
    const [changed] = await entries('?action=member.role-changed');
    expect(changed).toMatchObject({ UserId: owner.userId, ObjectKind: 'member', ObjectId: sam.userId, Before: { Name: 'Sam Surveyor', Role: 'surveyor' }, After: { Name: 'Sam Surveyor', Role: 'admin' } });

    await owner.agent.delete(`/api/workspace/members/${sam.userId}`).expect(200);
    const [removed] = await entries('?action=member.removed');
    expect(removed).toMatchObject({ UserId: owner.userId, ObjectKind: 'member', ObjectId: sam.userId, Before: { Name: 'Sam Surveyor', Role: 'admin' }, After: null });
  });

  it('writes nothing for a refused change: removing or demoting the owner, a missing member or invitation', async () => {
    await join(vic, 'admin');
    const before = await count();
    await vic.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    expect((await vic.agent.delete(`/api/workspace/members/${owner.userId}`)).status).toBe(409);
    expect((await vic.agent.put(`/api/workspace/members/${owner.userId}`).send({ role: 'viewer' })).status).toBe(409);
    expect((await owner.agent.delete(`/api/workspace/members/${sam.userId}`)).status).toBe(404);
    expect((await owner.agent.delete('/api/workspace/invitations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await owner.agent.post('/api/workspace/invitations/00000000-0000-4000-8000-000000000000/resend')).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('records an invitation resent and revoked; a second revoke writes nothing', async () => {
    const sent = await owner.agent.post('/api/workspace/invitations').send({ email: 'later@example.com', role: 'viewer' }).expect(201);
    const id = sent.body.invitation.id as string;
    await owner.agent.post(`/api/workspace/invitations/${id}/resend`).expect(200);
    await owner.agent.delete(`/api/workspace/invitations/${id}`).expect(200);
    const n = await count();
    await owner.agent.delete(`/api/workspace/invitations/${id}`).expect(404);
    expect(await count()).toBe(n);
    const mine = (await entries()).filter((e) => e.ObjectId === id);
    expect(mine.map((e) => [e.Action, e.Before, e.After])).toEqual([
      ['invitation.revoked', { Email: 'later@example.com', Role: 'viewer' }, null],
      ['invitation.resent', null, { Email: 'later@example.com', Role: 'viewer' }],
      ['invitation.sent', null, { Email: 'later@example.com', Role: 'viewer' }],
    ]);
  });

  it('records a device moved to another workspace in both trails, and a transfer of ownership and a member leaving', async () => {
    const device = await registerDevice(owner.agent, 'rover');
    const moved = await owner.agent.post(`/api/devices/${device._id}/transfer`).send({ workspaceId: owner.userId }).expect(200);
    const [here] = await entries('?action=device.moved');
    const expected = { ObjectKind: 'device', ObjectId: device._id, Before: { Code: device.DeviceCode, WorkspaceId: team }, After: { Code: device.DeviceCode, WorkspaceId: owner.userId, SecretRenewed: true } };
    expect(here).toMatchObject(expected);
    expect(JSON.stringify(here)).not.toContain(moved.body.secret);
    const [there] = await h.db.query<{ before: unknown; after: unknown }>("SELECT before, after FROM audit_log WHERE workspace_id = $1 AND action = 'device.moved'", [owner.userId]);
    expect(there).toEqual({ before: expected.Before, after: expected.After });

    await owner.agent.post('/api/workspace/transfer').send({ memberId: vic.userId }).expect(200);
    const [transferred] = await entries('?action=workspace.transferred');
    expect(transferred).toMatchObject({ UserId: owner.userId, ObjectId: team, Before: { OwnerId: owner.userId, OwnerName: 'Olga Owner' }, After: { OwnerId: vic.userId, OwnerName: 'Vic Viewer' } });

    await owner.agent.delete('/api/workspace/membership').expect(200);
    const [left] = await entries('?action=member.left', vic);
    expect(left).toMatchObject({ UserId: owner.userId, ObjectKind: 'member', ObjectId: owner.userId, Before: { Role: 'admin' }, After: null });
  });

  it('records the workspace deleted under its id, and the entry outlives it', async () => {
    await vic.agent.delete('/api/workspace').expect(200);
    const [deleted] = await h.db.query<{ user_id: string; before: Record<string, unknown> }>("SELECT user_id, before FROM audit_log WHERE workspace_id = $1 AND action = 'workspace.deleted'", [team]);
    expect(deleted).toEqual({ user_id: vic.userId, before: { Name: 'North crew', Members: 1, Devices: 0 } });
    expect(await count()).toBeGreaterThan(10);
  });
});
