import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type PointChangesReply, type PointsChangedEvent, type WatchProjectAck, type WorkspaceRole } from '@smi/contracts';
import { connected, eventually, startLiveHarness, subscribe, type LiveHarness } from './live-harness.js';
import { createProject, recordPoint, registerDevice, surveyFixture, type SurveyFixture } from '../projects/survey-fixtures.js';

type Member = Awaited<ReturnType<LiveHarness['owner']>>;

/**
 * Live collaboration (decision 073): members of a team workspace watching a project are pushed each other's point
 * changes; a member of another workspace and a removed member are pushed nothing; the changes feed gives a client
 * that was away exactly what it missed.
 */
describe('point changes pushed to the members watching a project, and the changes feed', () => {
  let h: LiveHarness;
  let team: string;
  let owner: Member;
  let surveyor: Member;
  let viewer: Member;
  let outsider: Member;
  let f: SurveyFixture;

  /** Into the team, working in it (the invitation path has its own tests: roles-matrix, team-audit). */
  async function join(m: Member, role: WorkspaceRole) {
    await h.db.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [team, m.userId, role]);
    await m.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
  }

  /** A signed-in socket watching the project, with everything it is pushed. */
  async function watcher(m: Member, projectId: string) {
    const socket = h.socket(m.cookie);
    await connected(socket);
    const pushed: PointsChangedEvent[] = [];
    socket.on(SOCKET_EVENTS.pointsChanged, (e: PointsChangedEvent) => pushed.push(e));
    const ack = await watch(socket, projectId);
    const change = (test: (c: PointsChangedEvent['Changes'][number]) => boolean) => eventually(() => pushed.flatMap((e) => e.Changes).find(test));
    return { socket, pushed, ack, change };
  }
  const watch = (socket: Socket, ProjectId: unknown) => new Promise<WatchProjectAck>((ok) => socket.emit(SOCKET_EVENTS.watchProject, { ProjectId }, ok));
  const feed = async (m: Member, projectId: string, since?: number) =>
    (await m.agent.get(`/api/projects/${projectId}/changes`).query(since === undefined ? {} : { since: String(since) }).expect(200)).body as PointChangesReply;

  beforeAll(async () => {
    h = await startLiveHarness();
    owner = await h.owner('Ada Owner');
    team = (await owner.agent.post('/api/workspaces').send({ name: 'Harbour crew' }).expect(201)).body.workspace.id;
    await owner.agent.put('/api/workspaces/current').send({ workspaceId: team }).expect(200);
    surveyor = await h.owner('Sam Surveyor');
    viewer = await h.owner('Vera Viewer');
    outsider = await h.owner('Otto Outsider');
    await join(surveyor, 'surveyor');
    await join(viewer, 'viewer');
    f = await surveyFixture(h, owner);
  }, 120_000);
  afterAll(() => h?.close());

  it("pushes one member's new, renamed, recoded, noted and deleted points to the others; another workspace and a removed member get nothing", async () => {
    const removed = await h.owner('Rex Removed');
    await join(removed, 'surveyor');
    const [ada, sam, rex] = [await watcher(owner, f.project._id), await watcher(surveyor, f.project._id), await watcher(removed, f.project._id)];
    for (const w of [ada, sam, rex]) expect(w.ack).toEqual({ success: true, Cursor: expect.any(Number) });

    // another workspace's project answers exactly like a missing one, and its socket joins nothing
    const otto = h.socket(outsider.cookie);
    await connected(otto);
    const ottoPushed: unknown[] = [];
    otto.on(SOCKET_EVENTS.pointsChanged, (e: unknown) => ottoPushed.push(e));
    const [foreign, missing] = [await watch(otto, f.project._id), await watch(otto, randomUUID())];
    expect(foreign).toEqual({ success: false, message: 'Project not found' });
    expect(missing).toEqual(foreign);
    expect(await watch(otto, 'not-an-id')).toEqual({ success: false, message: 'watch-project takes {ProjectId}' });

    // removed: the socket is closed and, from the removal on, nothing of the team reaches it
    const closed = new Promise<string>((ok) => rex.socket.once('disconnect', ok));
    await owner.agent.delete(`/api/workspace/members/${removed.userId}`).expect(200);
    expect(await closed).toBe('io server disconnect');

    // a member's rover is on everyone's map: the workspace's devices, not the recorder's
    expect(await subscribe(sam.socket, { rovers: [f.rover.DeviceCode] })).toMatchObject({ success: true, devices: [f.rover.DeviceCode] });

    const made = await recordPoint(surveyor.agent, f.project._id, { Name: 'KERB-1' });
    for (const w of [ada, sam]) {
      const got = await w.change((c) => c.PointId === made._id && c.Point?.Name === 'KERB-1');
      expect(got.Point).toMatchObject({ _id: made._id, ProjectId: f.project._id, Latitude: made.Latitude, RecordedBy: { Id: surveyor.userId, Name: 'Sam Surveyor' } });
    }
    await owner.agent.put(`/api/points/${f.project._id}/${made._id}/rename`).send({ Name: 'KERB-1A' }).expect(200);
    for (const w of [ada, sam]) await w.change((c) => c.PointId === made._id && c.Point?.Name === 'KERB-1A');
    await owner.agent.put(`/api/points/${f.project._id}/${made._id}/code`).send({ Code: 'EP1 ST' }).expect(200);
    for (const w of [ada, sam]) await w.change((c) => c.PointId === made._id && c.Point?.Code === 'EP1 ST');
    await surveyor.agent.put(`/api/points/${f.project._id}/${made._id}/note`).send({ Note: 'under the tree' }).expect(200);
    for (const w of [ada, sam]) await w.change((c) => c.PointId === made._id && c.Point?.Note === 'under the tree');
    await surveyor.agent.delete(`/api/points/${f.project._id}/${made._id}`).expect(200);
    for (const w of [ada, sam]) await w.change((c) => c.PointId === made._id && c.Point === null);

    // each socket's pushes follow one another: each starts where the one before ended, the first where its answer did
    for (const w of [ada, sam]) {
      let at = w.ack.Cursor!;
      for (const e of w.pushed) {
        expect(e.From).toBe(at);
        expect(e.Cursor).toBeGreaterThan(e.From);
        at = e.Cursor;
      }
    }
    await h.live.pushesSettled();
    expect(ottoPushed).toEqual([]);
    expect(rex.pushed).toEqual([]);
    // the removed member watching again is refused like anyone outside
    const again = h.socket(removed.cookie);
    await connected(again);
    expect(await watch(again, f.project._id)).toEqual({ success: false, message: 'Project not found' });
  });

  it('leaves out, at the moment of each push, a member whose membership ended before their sockets were closed', async () => {
    const leaving = await h.owner('Lea Leaving');
    await join(leaving, 'surveyor');
    const [lea, ada] = [await watcher(leaving, f.project._id), await watcher(owner, f.project._id)];
    expect(lea.ack).toMatchObject({ success: true });
    // the membership is gone in the database; nothing has told the sockets yet
    await h.db.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [team, leaving.userId]);
    const made = await recordPoint(owner.agent, f.project._id, { Name: 'AFTER-LEA' });
    await ada.change((c) => c.PointId === made._id);
    await h.live.pushesSettled();
    expect(lea.socket.connected).toBe(true);
    expect(lea.pushed).toEqual([]);
  });

  it('every role of the team may watch; the same one check as the routes', async () => {
    for (const m of [owner, surveyor, viewer]) {
      const w = await watcher(m, f.project._id);
      expect(w.ack).toMatchObject({ success: true });
      w.socket.close();
    }
  });

  it('answers a client that was away exactly the changes it missed, and later writes win field by field', async () => {
    const other = await createProject(owner.agent, await registerDevice(owner.agent, 'base'), [await registerDevice(owner.agent, 'rover')]);
    const { Cursor: before, Changes } = await feed(viewer, f.project._id);
    expect(Changes).toEqual([]);

    // the phone is away: three points recorded, one renamed, one deleted, one in another project
    const a = await recordPoint(surveyor.agent, f.project._id, { Name: 'GAP-A' });
    const b = await recordPoint(owner.agent, f.project._id, { Name: 'GAP-B' });
    await recordPoint(owner.agent, other._id, { Name: 'ELSEWHERE' });
    await surveyor.agent.put(`/api/points/${f.project._id}/${a._id}/rename`).send({ Name: 'GAP-A2' }).expect(200);
    await owner.agent.delete(`/api/points/${f.project._id}/${b._id}`).expect(200);
    const c = await recordPoint(surveyor.agent, f.project._id, { Name: 'GAP-C' });

    const missed = await feed(viewer, f.project._id, before);
    // five changes of this project, numbered without a gap; each point once, as it is now, oldest change first
    expect(missed.Cursor).toBe(before + 5);
    expect(missed.Changes.map((ch) => [ch.PointId, ch.Point?.Name ?? null])).toEqual([
      [a._id, 'GAP-A2'],
      [b._id, null],
      [c._id, 'GAP-C'],
    ]);
    expect(missed.Changes.map((ch) => ch.Seq)).toEqual([before + 3, before + 4, before + 5]);
    expect(await feed(viewer, f.project._id, missed.Cursor)).toEqual({ success: true, Cursor: missed.Cursor, Changes: [] });
    // a cursor ahead of the project's answers nothing new rather than an error
    expect((await feed(viewer, f.project._id, missed.Cursor + 100)).Changes).toEqual([]);

    // two members on one point at once: each field keeps the later write, the audit trail keeps both
    await Promise.all([
      owner.agent.put(`/api/points/${f.project._id}/${c._id}/rename`).send({ Name: 'GAP-C office' }).expect(200),
      surveyor.agent.put(`/api/points/${f.project._id}/${c._id}/note`).send({ Note: 'checked in the field' }).expect(200),
    ]);
    await surveyor.agent.put(`/api/points/${f.project._id}/${c._id}/rename`).send({ Name: 'GAP-C field' }).expect(200);
    const now = await feed(viewer, f.project._id, missed.Cursor);
    expect(now.Changes.map((ch) => [ch.PointId, ch.Point?.Name, ch.Point?.Note])).toEqual([[c._id, 'GAP-C field', 'checked in the field']]);
    expect(now.Cursor).toBe(missed.Cursor + 3);
    const trail = await h.db.query<{ after: { Name: string } }>("SELECT after FROM audit_log WHERE object_id = $1 AND action = 'point.renamed' ORDER BY seq", [c._id]);
    expect(trail.map((r) => r.after.Name)).toEqual(['GAP-C office', 'GAP-C field']);
  });

  it('a deleted point (kept restorable) reads as deleted, and comes back in the feed and the pushes when restored', async () => {
    const w = await watcher(viewer, f.project._id);
    const made = await recordPoint(surveyor.agent, f.project._id, { Name: 'TOMB-1' });
    const { Cursor } = await feed(viewer, f.project._id);
    await owner.agent.delete(`/api/points/${f.project._id}/${made._id}`).expect(200);
    await w.change((c) => c.PointId === made._id && c.Point === null);
    expect((await feed(viewer, f.project._id, Cursor)).Changes).toEqual([{ Seq: Cursor + 1, PointId: made._id, Point: null }]);
    await owner.agent.post(`/api/projects/${f.project._id}/deleted-points/${made._id}/restore`).expect(200);
    await w.change((c) => c.PointId === made._id && c.Point?.Name === 'TOMB-1' && c.Seq === Cursor + 2);
    const back = await feed(viewer, f.project._id, Cursor);
    expect(back.Changes.map((c) => [c.Seq, c.PointId, c.Point?.Name])).toEqual([[Cursor + 2, made._id, 'TOMB-1']]);
  });

  it('refuses a bad cursor with 400 and answers another workspace like a missing project', async () => {
    for (const since of ['abc', '-1', '1.5', '9'.repeat(16)]) {
      const res = await viewer.agent.get(`/api/projects/${f.project._id}/changes`).query({ since });
      expect([res.status, res.body.success, res.body.message]).toEqual([400, false, expect.stringContaining('since')]);
    }
    expect((await viewer.agent.get(`/api/projects/${f.project._id}/changes`).query({ after: '1' })).status).toBe(400);
    const [foreign, missing] = [
      await outsider.agent.get(`/api/projects/${f.project._id}/changes`).query({ since: '0' }),
      await outsider.agent.get(`/api/projects/${randomUUID()}/changes`).query({ since: '0' }),
    ];
    expect([foreign.status, foreign.body]).toEqual([404, { success: false, message: 'Project not found' }]);
    expect([missing.status, missing.body]).toEqual([foreign.status, foreign.body]);
  });
});
