import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, endpoints, pathFor, type Endpoint, type EndpointName, type WorkspaceRole } from '@smi/contracts';
import { connected, eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';
import { surveyFixture, recordPoint, type SurveyFixture } from '../projects/survey-fixtures.js';
import { NOT_YOUR_POINT, ROLE_REFUSED } from '../http/authorize.js';

/**
 * Generated from the endpoint table (decision 064): every endpoint is called as the owner, an admin, a surveyor and a
 * viewer of one team workspace, as a member of another workspace and as a stranger. A role the matrix refuses gets
 * 403 and the one refusal; a role it allows never does; the other workspace's member gets, for the team's objects,
 * exactly what a missing object gets; a stranger gets 401. A route that skipped the check would fail here.
 */

type Agent = Awaited<ReturnType<LiveHarness['owner']>>;
const ROLES: WorkspaceRole[] = ['owner', 'admin', 'surveyor', 'viewer'];
const all = Object.entries(endpoints) as [EndpointName, Endpoint][];
// an owner's call that would end the workspace under the test: its refusal for the others is still checked
const NOT_CALLED_AS_ALLOWED: EndpointName[] = ['deleteWorkspace', 'leaveWorkspace'];

/** A quoted-printable mail body as text. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('roles in a team workspace, over every endpoint of the table', () => {
  let h: LiveHarness;
  let members: Record<WorkspaceRole, Agent>;
  let outsider: Agent;
  let team: string;
  let f: SurveyFixture;
  let pending: string;

  /** The token of the newest invitation mailed to an address. */
  const tokenFor = (address: string) =>
    eventually(() => {
      const mail = [...h.smtp.mails].reverse().find((m) => m.to.includes(address));
      return mail ? decoded(mail.raw).match(/\/invitations\/([A-Za-z0-9_-]{20,})/)?.[1] : undefined;
    });

  beforeAll(async () => {
    h = await startLiveHarness();
    const owner = await h.owner('Olga Owner');
    const made = await owner.agent.post('/api/workspaces').send({ name: 'North crew' }).expect(201);
    team = made.body.workspace.id;
    expect(made.body.workspace).toEqual({ id: team, name: 'North crew', personal: false, role: 'owner', current: false });
    await owner.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    const joined = {} as Record<WorkspaceRole, Agent>;
    joined.owner = owner;
    for (const role of ['admin', 'surveyor', 'viewer'] as const) {
      const m = await h.owner(`${role} member`);
      await owner.agent.post('/api/workspace/invitations').send({ email: m.email, role }).expect(201);
      const accepted = await m.agent.post('/api/invitations/accept').send({ token: await tokenFor(m.email) }).expect(200);
      expect(accepted.body.workspace).toMatchObject({ id: team, role, current: true });
      joined[role] = m;
    }
    members = joined;
    outsider = await h.owner('Otto Outsider');
    // the team's objects, made by the owner inside the team workspace
    f = await surveyFixture(h, owner);
    pending = (await owner.agent.post('/api/workspace/invitations').send({ email: 'later@example.com', role: 'viewer' }).expect(201)).body.invitation.id;
  }, 180_000);
  afterAll(() => h?.close());

  /** A request for an endpoint: the caller's own userId, real-looking values, every id a fresh one (a missing object). */
  function sample(e: Endpoint, userId: string): { params: Record<string, string>; body?: object } {
    const params: Record<string, string> = {};
    for (const [, key] of e.path.matchAll(/:([A-Za-z]+)/g)) {
      params[key!] = key === 'userId' ? userId : key === 'format' ? 'csv' : key === 'count' ? '10' : key === 'deviceCode' ? 'NOPE-1' : randomUUID();
    }
    return { params, body: e.method === 'GET' ? undefined : {} };
  }
  /** The same request naming the team's real objects where the path names one. */
  function teamObjects(e: Endpoint, r: { params: Record<string, string>; body?: object }) {
    const p = { ...r.params };
    const real: Record<string, string> = {
      projectId: f.project._id,
      pointId: f.point._id,
      memberId: members.surveyor.userId,
      invitationId: pending,
      deviceCode: f.rover.DeviceCode,
    };
    for (const k of Object.keys(p)) {
      if (real[k]) p[k] = real[k];
      else if (k === 'id' && e.path.startsWith('/api/devices/')) p[k] = f.rover._id;
      else if (k === 'id' && e.path.startsWith('/api/projects/')) p[k] = f.project._id;
    }
    return { ...r, params: p };
  }
  const send = (agent: Agent['agent'] | ReturnType<LiveHarness['agent']>, e: Endpoint, r: { params: Record<string, string>; body?: object }) => {
    const req = agent[e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](pathFor(e.path, r.params));
    return r.body === undefined ? req : req.send(r.body);
  };

  it('keeps each member in the team workspace with the role they were invited with', async () => {
    const { body } = await members.owner.agent.get('/api/workspace/members').expect(200);
    expect(body.members.map((m: { role: string; name: string }) => [m.name, m.role])).toEqual([
      ['Olga Owner', 'owner'],
      ['admin member', 'admin'],
      ['surveyor member', 'surveyor'],
      ['viewer member', 'viewer'],
    ]);
    // the viewer reads the team's project; the owner's personal workspace still lists the team as not current
    await members.viewer.agent.get(`/api/projects/${f.project._id}`).expect(200);
    expect((await outsider.agent.get(`/api/projects/${f.project._id}`)).status).toBe(404);
  });

  for (const [name, e] of all.filter(([, e]) => e.access !== 'public')) {
    it(`${name} (${e.method} ${e.path}, ${e.permission}): each role as the matrix says, a stranger 401, another workspace like missing`, async () => {
      for (const role of ROLES) {
        const allowed = e.permission === 'account' || allows(role, e.permission);
        if (allowed && NOT_CALLED_AS_ALLOWED.includes(name)) continue;
        const m = members[role];
        const res = await send(m.agent, e, sample(e, m.userId));
        if (allowed) expect(res.body.message, `${role}: ${res.status}`).not.toBe(ROLE_REFUSED);
        else expect([role, res.status, res.body], role).toEqual([role, 403, { success: false, message: ROLE_REFUSED }]);
      }
      expect((await send(h.agent(), e, sample(e, randomUUID()))).status).toBe(401);

      // the member of another workspace: the team's objects answer exactly as missing ones
      const missing = sample(e, outsider.userId);
      const foreign = teamObjects(e, missing);
      if (JSON.stringify(foreign) === JSON.stringify(missing)) return;
      const [fr, mr] = [await send(outsider.agent, e, foreign), await send(outsider.agent, e, missing)];
      const norm = (res: { status: number; body: unknown }, r: { params: Record<string, string> }) => {
        let t = JSON.stringify(res.body);
        for (const v of Object.values(r.params)) t = t.split(v).join('<ref>');
        return { status: res.status, body: JSON.parse(t) };
      };
      expect(norm(fr, foreign)).toEqual(norm(mr, missing));
    });
  }

  it('lets a surveyor change the points they recorded, not the others; admins and the owner change any; a viewer none', async () => {
    const mine = await recordPoint(members.surveyor.agent, f.project._id, { Name: 'S-1' });
    const theirs = f.point._id;
    const rename = (a: Agent, pointId: string, Name: string) => a.agent.put(`/api/points/${f.project._id}/${pointId}/rename`).send({ Name });
    expect((await rename(members.surveyor, mine._id, 'S-1 kerb')).status).toBe(200);
    const refused = await rename(members.surveyor, theirs, 'taken over');
    expect([refused.status, refused.body]).toEqual([403, { success: false, message: NOT_YOUR_POINT }]);
    expect((await members.surveyor.agent.delete(`/api/points/${f.project._id}/${theirs}`)).status).toBe(403);
    expect((await rename(members.viewer, mine._id, 'viewer was here')).body).toEqual({ success: false, message: ROLE_REFUSED });
    expect((await rename(members.admin, mine._id, 'S-1 checked')).status).toBe(200);
    const { body } = await members.viewer.agent.get(`/api/points/${f.project._id}`).expect(200);
    const point = body.points.find((p: { _id: string }) => p._id === mine._id);
    expect(point).toMatchObject({ Name: 'S-1 checked', RecordedBy: { Id: members.surveyor.userId, Name: 'surveyor member' } });
    expect(body.points.find((p: { _id: string }) => p._id === theirs).RecordedBy).toEqual({ Id: members.owner.userId, Name: 'Olga Owner' });
    await members.surveyor.agent.delete(`/api/points/${f.project._id}/${mine._id}`).expect(200);
  });

  it("keeps a surveyor's deleted point for an admin to restore; the surveyor and the viewer can neither list nor restore it", async () => {
    const mine = await recordPoint(members.surveyor.agent, f.project._id, { Name: 'S-2' });
    await members.surveyor.agent.delete(`/api/points/${f.project._id}/${mine._id}`).expect(200);
    const list = `/api/projects/${f.project._id}/deleted-points`;
    const restore = `${list}/${mine._id}/restore`;
    for (const role of ['surveyor', 'viewer'] as const) {
      expect([(await members[role].agent.get(list)).body, (await members[role].agent.post(restore)).body]).toEqual([
        { success: false, message: ROLE_REFUSED },
        { success: false, message: ROLE_REFUSED },
      ]);
    }
    const { body } = await members.admin.agent.get(list).expect(200);
    expect(body.points.find((p: { _id: string }) => p._id === mine._id)).toMatchObject({
      Name: 'S-2',
      RecordedBy: { Id: members.surveyor.userId, Name: 'surveyor member' },
      DeletedBy: { Id: members.surveyor.userId, Name: 'surveyor member' },
    });
    // a late rename from the surveyor's other phone finds no point, and does not bring it back
    expect((await members.surveyor.agent.put(`/api/points/${f.project._id}/${mine._id}/rename`).send({ Name: 'S-2 late' })).status).toBe(404);
    expect((await members.owner.agent.get(`/api/points/${f.project._id}`)).body.points.some((p: { _id: string }) => p._id === mine._id)).toBe(false);
    await members.admin.agent.post(restore).expect(200);
    const back = (await members.viewer.agent.get(`/api/points/${f.project._id}`).expect(200)).body.points.find((p: { _id: string }) => p._id === mine._id);
    expect(back).toMatchObject({ Name: 'S-2', RecordedBy: { Id: members.surveyor.userId } });
    await members.surveyor.agent.delete(`/api/points/${f.project._id}/${mine._id}`).expect(200);
  });

  it('takes a role change and a removal at once: the next request, and the sockets within a second', async () => {
    await members.owner.agent.put(`/api/workspace/members/${members.viewer.userId}`).send({ role: 'surveyor' }).expect(200);
    // a surveyor may use the workspace's devices in a project of their own
    const project = { Description: 'Kerbs', BaseStation: f.base._id, ClientDevices: [f.rover._id] };
    await members.viewer.agent.post('/api/projects').send({ ...project, Name: 'Viewer now surveys' }).expect(201);
    await members.owner.agent.put(`/api/workspace/members/${members.viewer.userId}`).send({ role: 'viewer' }).expect(200);
    expect((await members.viewer.agent.post('/api/projects').send({ ...project, Name: 'Again' })).status).toBe(403);

    const socket = h.socket(members.viewer.cookie);
    await connected(socket);
    const closed = new Promise<string>((ok) => socket.on('disconnect', (reason) => ok(reason)));
    await members.admin.agent.delete(`/api/workspace/members/${members.viewer.userId}`).expect(200);
    expect(await closed).toBe('io server disconnect');
    const gone = await members.viewer.agent.get(`/api/projects/${f.project._id}`);
    expect([gone.status, gone.body]).toEqual([404, { success: false, message: 'Project not found' }]);
    // back in their personal workspace, which is theirs as before
    const { body } = await members.viewer.agent.get('/api/workspaces').expect(200);
    expect(body.workspaces).toEqual([{ id: members.viewer.userId, name: 'viewer member', personal: true, role: 'owner', current: true }]);
    // the owner cannot be removed or demoted, and a missing member is 404
    expect((await members.admin.agent.delete(`/api/workspace/members/${members.owner.userId}`)).status).toBe(409);
    expect((await members.admin.agent.delete(`/api/workspace/members/${members.viewer.userId}`)).status).toBe(404);
  });

  it('keeps an invitation to its address, single use, and never says whether an address has an account', async () => {
    const someone = await h.owner('Someone Else');
    const invite = (email: string) => members.admin.agent.post('/api/workspace/invitations').send({ email, role: 'surveyor' });
    const [known, unknown] = [await invite(someone.email), await invite(`nobody-${Date.now()}@example.com`)];
    const shape = (r: { status: number; body: { message: string; invitation: object } }) => [r.status, Object.keys(r.body.invitation), r.body.message.replace(/ \S+@\S+$/, '')];
    expect(shape(known)).toEqual(shape(unknown));
    const token = await tokenFor(someone.email);
    // another signed-in address cannot use it
    expect((await outsider.agent.post('/api/invitations/accept').send({ token })).status).toBe(403);
    await someone.agent.post('/api/invitations/accept').send({ token }).expect(200);
    expect((await someone.agent.post('/api/invitations/accept').send({ token })).status).toBe(404);
    // revoked and resent links stop working
    const other = await h.owner('Third');
    const inv = (await invite(other.email)).body.invitation.id;
    const first = await tokenFor(other.email);
    await members.admin.agent.post(`/api/workspace/invitations/${inv}/resend`).expect(200);
    const second = await eventually(async () => ((await tokenFor(other.email)) !== first ? tokenFor(other.email) : undefined));
    expect((await other.agent.post('/api/invitations/accept').send({ token: first })).status).toBe(404);
    await members.admin.agent.delete(`/api/workspace/invitations/${inv}`).expect(200);
    expect((await other.agent.post('/api/invitations/accept').send({ token: second })).status).toBe(404);
  });

  it("moves a device to another workspace of its owner, out of the team's projects, with a new secret", async () => {
    const o = members.owner;
    const south = (await o.agent.post('/api/workspaces').send({ name: 'South crew' }).expect(201)).body.workspace.id as string;
    const before = await h.db.query<{ secret_hash: string | null }>('SELECT secret_hash FROM devices WHERE id = $1', [f.rover._id]);
    // not into a workspace the user does not run, nor by an admin
    expect((await o.agent.post(`/api/devices/${f.rover._id}/transfer`).send({ workspaceId: outsider.userId })).status).toBe(404);
    expect((await members.admin.agent.post(`/api/devices/${f.rover._id}/transfer`).send({ workspaceId: south })).status).toBe(403);
    const moved = await o.agent.post(`/api/devices/${f.rover._id}/transfer`).send({ workspaceId: south }).expect(200);
    expect(moved.body).toMatchObject({ success: true, username: f.rover.DeviceCode, secret: expect.any(String) });
    const after = await h.db.query<{ owner_id: string; secret_hash: string | null }>('SELECT owner_id, secret_hash FROM devices WHERE id = $1', [f.rover._id]);
    expect(after[0]!.owner_id).toBe(south);
    expect(after[0]!.secret_hash).not.toBe(before[0]!.secret_hash);
    expect(await h.db.query('SELECT 1 FROM project_devices WHERE device_id = $1', [f.rover._id])).toEqual([]);
    // gone from the team, there in the other workspace
    expect((await o.agent.get(`/api/devices/${f.rover._id}`)).status).toBe(404);
    await o.agent.put('/api/workspaces/current').send({ workspaceId: south }).expect(200);
    await o.agent.get(`/api/devices/${f.rover._id}`).expect(200);
    await o.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
  });

  it('lets a member leave, and keeps the owner until the workspace is transferred', async () => {
    const o = members.owner;
    expect((await o.agent.delete('/api/workspace/membership')).status).toBe(409);
    const s = members.surveyor;
    await s.agent.delete('/api/workspace/membership').expect(200);
    expect((await s.agent.get(`/api/projects/${f.project._id}`)).status).toBe(404);
    const { body } = await s.agent.get('/api/workspaces').expect(200);
    expect(body.workspaces.map((w: { id: string }) => w.id)).toEqual([s.userId]);
  });
});
