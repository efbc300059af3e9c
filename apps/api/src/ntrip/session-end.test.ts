import { mountKey } from '@smi/ntrip';
import { capture, hasStr2str, ntrip1Get, rawNtrip, str2str } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

vi.setConfig({ testTimeout: 60_000 });

let h: LiveHarness;
let port: number;
beforeAll(async () => {
  h = await startLiveHarness({ gateway: { ntripPort: 0 } });
  port = h.gateway.caster!.port;
}, 120_000);
afterAll(async () => h?.close());

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;
async function survey(owner: Owner) {
  const base = await h.device(owner, 'base', 'Pillar base');
  const rover = await h.device(owner, 'rover', 'Pole rover');
  const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner.userId, 'Boundary', base.id]);
  await h.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
  return { base, rover, projectId: p!.id };
}
const pulling = (who: string) => h.gateway.caster!.connections().some((c) => c.who === who);
const source = (code: string, secret: string) => rawNtrip(port, `SOURCE ${secret} /${code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
const refused = async (r: ReturnType<typeof rawNtrip>) => {
  await eventually(() => r.closed());
  return /^(HTTP\/1\.0 401|ERROR - Bad Password)/.test(r.all());
};

describe('open NTRIP sessions end when what let them in goes', () => {
  it.skipIf(!hasStr2str)('a new secret for a rover and for a base ends their str2str pull and push; the old secrets are refused', async () => {
    const a = await h.owner();
    const { base, rover } = await survey(a);
    const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${port}/${base.code}`, '-out', 'file:///dev/null']);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${port}/${base.code}`]);
    await eventually(() => pulling(rover.code) && h.gateway.caster!.sourceLive(mountKey.base(base.code)), 50);
    push.write(capture().subarray(0, 2000));

    await a.agent.post(`/api/devices/${rover.id}/secret`).expect(201);
    await eventually(() => !pulling(rover.code), 20);
    await a.agent.post(`/api/devices/${base.id}/secret`).expect(201);
    await eventually(() => !h.gateway.caster!.sourceLive(mountKey.base(base.code)), 20);
    // str2str keeps retrying with the old secrets: every try is refused
    expect(await refused(ntrip1Get(port, base.code, rover.code, rover.secret))).toBe(true);
    expect(await refused(source(base.code, base.secret))).toBe(true);
    expect(pulling(rover.code)).toBe(false);
    await Promise.all([pull.stop(), push.stop()]);
  });

  it('removing a device ends its pulls and pushes and revokes its secret', async () => {
    const a = await h.owner();
    const { base, rover } = await survey(a);
    const pull = ntrip1Get(port, base.code, rover.code, rover.secret);
    const push = source(base.code, base.secret);
    await eventually(() => pull.hasHead() && push.hasHead());
    expect([pull.head(), push.head()]).toEqual(['ICY 200 OK\r\n', 'ICY 200 OK\r\n']);
    await a.agent.delete(`/api/user/${a.userId}/remove-device`).send({ deviceId: rover.id }).expect(200);
    await eventually(() => pull.closed());
    expect(push.closed()).toBe(false);
    await a.agent.delete(`/api/user/${a.userId}/remove-device`).send({ deviceId: base.id }).expect(200);
    await eventually(() => push.closed());
    expect(await refused(ntrip1Get(port, base.code, rover.code, rover.secret))).toBe(true);
    expect(await refused(source(base.code, base.secret))).toBe(true);
    // connected again, a new secret lets it in again
    await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: rover.code }).expect(200);
    const { body } = await a.agent.post(`/api/devices/${rover.id}/secret`).expect(201);
    const back = ntrip1Get(port, base.code, rover.code, body.secret);
    await eventually(() => back.hasHead());
    expect(back.head()).toBe('ICY 200 OK\r\n');
    back.socket.destroy();
  });

  it('deleting the project a credential was limited to ends that credential\'s pull; pausing a project ends its rovers\'', async () => {
    const a = await h.owner();
    const one = await survey(a);
    const two = await survey(a);
    const { body } = await a.agent.post('/api/ntrip/credentials').send({ name: 'Controller', projectId: one.projectId }).expect(201);
    const user = body.credential.username as string;
    const controller = ntrip1Get(port, one.base.code, user, body.password);
    const rover = ntrip1Get(port, two.base.code, two.rover.code, two.rover.secret);
    // the same account's other pulls are checked too, and stay
    const wide = (await a.agent.post('/api/ntrip/credentials').send({ name: 'Office' }).expect(201)).body;
    const office = ntrip1Get(port, one.base.code, wide.credential.username, wide.password);
    await eventually(() => controller.hasHead() && rover.hasHead() && office.hasHead());

    await a.agent.delete(`/api/projects/${one.projectId}`).expect(200);
    await eventually(() => controller.closed());
    expect(await refused(ntrip1Get(port, one.base.code, user, body.password))).toBe(true);
    await a.agent.put(`/api/projects/status/${two.projectId}`).send({ Status: 'Paused' }).expect(200);
    await eventually(() => rover.closed());
    expect(office.closed()).toBe(false);
    office.socket.destroy();
  });
  it('a member who leaves or is removed takes the NTRIP credentials they made with them: revoked, their pulls ended', async () => {
    const a = await h.owner();
    const admin = await h.owner();
    const leaver = await h.owner();
    const team = ((await a.agent.post('/api/workspaces').send({ name: 'Crew' }).expect(201)).body.workspace as { id: string }).id;
    await a.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    for (const m of [admin, leaver]) {
      await h.db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin')", [team, m.userId]);
      await m.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    }
    const code = `BASE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await h.db.query("INSERT INTO devices (code, name, type, owner_id, connected) VALUES ($1, 'Crew base', 'base', $2, true)", [code, team]);
    const made = async (m: Owner, name: string) => (await m.agent.post('/api/ntrip/credentials').send({ name }).expect(201)).body as { credential: { username: string }; password: string };
    const [owners, admins, leavers] = [await made(a, 'Office'), await made(admin, 'Field controller'), await made(leaver, 'Spare controller')];
    const pull = (c: typeof owners) => ntrip1Get(port, code, c.credential.username, c.password);
    const [officePull, adminPull, leaverPull] = [pull(owners), pull(admins), pull(leavers)];
    await eventually(() => officePull.hasHead() && adminPull.hasHead() && leaverPull.hasHead());
    expect([officePull.head(), adminPull.head(), leaverPull.head()]).toEqual(['ICY 200 OK\r\n', 'ICY 200 OK\r\n', 'ICY 200 OK\r\n']);

    await a.agent.delete(`/api/workspace/members/${admin.userId}`).expect(200);
    await eventually(() => adminPull.closed());
    expect(await refused(pull(admins))).toBe(true);
    await leaver.agent.delete('/api/workspace/membership').expect(200);
    await eventually(() => leaverPull.closed());
    expect(await refused(pull(leavers))).toBe(true);
    // the owner's own credential and its pull stay; the list holds only it
    expect(officePull.closed()).toBe(false);
    const left = (await a.agent.get('/api/ntrip/credentials').expect(200)).body.credentials as { username: string }[];
    expect(left.map((c) => c.username)).toEqual([owners.credential.username]);
    const trail = (await a.agent.get('/api/audit').query({ action: 'member.removed' }).expect(200)).body;
    expect(JSON.stringify(trail)).toContain(admins.credential.username);
    officePull.socket.destroy();
  });
});
