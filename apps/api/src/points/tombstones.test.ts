import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_DELETED, POINT_PURGED, pointNameRetaken, type AuditEntryView, type DeletedPointView, type PointView, type ProjectView } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { purgeDeletedPoints } from './point-changes.js';

const DAY = 86_400_000;

/**
 * A deleted point is a tombstone for 30 days (decision 072): out of every read, its name free, restorable by an admin
 * or the owner unless its name was taken since, never brought back by a late request, purged after its days.
 */
describe('deleted points: kept 30 days, restored, never revived by a late request, then purged', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let project: ProjectView;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann Office');
    project = await createProject(a.agent, await registerDevice(a.agent, 'base'), [], 'Tombstones');
  });
  afterAll(() => h.close());

  const base = '/api/points';
  const record = (extra: Record<string, unknown>) =>
    a.agent.post(base).send({ ProjectId: project._id, Latitude: 6.9271, Longitude: 79.8612, Timestamp: '2026-03-01T08:00:00.000Z', Section: 'kerbs', ...extra });
  const live = async () => (await a.agent.get(`${base}/${project._id}`).expect(200)).body.points as PointView[];
  const deleted = async () => (await a.agent.get(`/api/projects/${project._id}/deleted-points`).expect(200)).body.points as DeletedPointView[];
  const restore = (pointId: string, projectId = project._id) => a.agent.post(`/api/projects/${projectId}/deleted-points/${pointId}/restore`);
  const totalPoints = async () => ((await a.agent.get(`/api/projects/${project._id}`).expect(200)).body.project as ProjectView).Total_Points;
  const csvNames = async () =>
    (parse((await a.agent.get(`/api/export/csv/${project._id}`).expect(200)).text, { columns: true, bom: true }) as Record<string, string>[]).map((r) => r.Name ?? r.name);
  const auditOf = async (pointId: string) =>
    ((await a.agent.get(`/api/audit?projectId=${project._id}`).expect(200)).body.entries as AuditEntryView[]).filter((e) => e.ObjectId === pointId);

  it('takes a deleted point out of the list, the exports, the linework and the count, and frees its name', async () => {
    const mh1 = (await record({ Name: 'MH1', Code: '', Note: 'cover' }).expect(201)).body.data as PointView;
    const mh2 = (await record({ Name: 'MH2' }).expect(201)).body.data as PointView;
    expect(await totalPoints()).toBe(2);
    await a.agent.delete(`${base}/${project._id}/${mh1._id}`).expect(200);

    expect((await live()).map((p) => p.Name)).toEqual(['MH2']);
    expect(await csvNames()).toEqual(['MH2']);
    expect(await totalPoints()).toBe(1);
    const lines = (await a.agent.get(`/api/projects/${project._id}/linework`).expect(200)).body;
    expect(JSON.stringify(lines)).not.toContain(mh1._id);
    // the row is still there, marked: nothing of it was lost
    const [row] = await h.db.query<{ deleted_by: string; deleted_by_name: string; note: string }>('SELECT deleted_by, deleted_by_name, note FROM points WHERE id = $1', [mh1._id]);
    expect(row).toEqual({ deleted_by: a.userId, deleted_by_name: 'Ann Office', note: 'cover' });

    const [gone] = await deleted();
    expect(gone).toMatchObject({ _id: mh1._id, Name: 'MH1', Number: mh1.Number, Note: 'cover', DeletedBy: { Id: a.userId, Name: 'Ann Office' } });
    expect(Date.parse(gone!.RestorableUntil) - Date.parse(gone!.DeletedAt)).toBe(30 * DAY);

    // its name is free again at once; a second delete finds nothing
    const again = (await record({ Name: 'MH1' }).expect(201)).body.data as PointView;
    expect(again.Number).toBe(mh2.Number + 1);
    expect((await a.agent.delete(`${base}/${project._id}/${mh1._id}`).expect(404)).body).toEqual({ success: false, message: 'Point not found' });

    // a restore while the name is taken is refused and changes nothing; renamed, the old point comes back whole
    const refused = await restore(mh1._id).expect(409);
    expect(refused.body).toEqual({ success: false, message: pointNameRetaken('MH1') });
    expect((await deleted()).map((p) => p._id)).toEqual([mh1._id]);
    await a.agent.put(`${base}/${project._id}/${again._id}/rename`).send({ Name: 'MH1 new' }).expect(200);
    const back = await restore(mh1._id).expect(200);
    expect(back.body).toMatchObject({ success: true, message: 'Point restored successfully', data: { _id: mh1._id, Name: 'MH1', Number: mh1.Number, Note: 'cover' } });
    expect((await live()).map((p) => p.Name)).toEqual(['MH1', 'MH2', 'MH1 new']);
    expect(await totalPoints()).toBe(3);
    expect(await deleted()).toEqual([]);
    // a live point is not restored twice
    expect((await restore(mh1._id).expect(409)).body).toEqual({ success: false, message: 'This point is not deleted.' });

    // the delete and the restore are in the trail with what was before and after
    const [restored, del] = await auditOf(mh1._id);
    expect(del).toMatchObject({ Action: 'point.deleted', Before: { Name: 'MH1', Note: 'cover' }, After: { DeletedBy: { Id: a.userId, Name: 'Ann Office' } } });
    expect(restored).toMatchObject({ Action: 'point.restored', Before: { DeletedBy: { Name: 'Ann Office' } }, After: { Name: 'MH1', Number: mh1.Number, Note: 'cover' } });
    expect(restored!.Before!.DeletedAt).toBe(del!.After!.DeletedAt);
  });

  it('answers every late request on a deleted point with 404 or 409, and none brings it back', async () => {
    const ClientId = randomUUID();
    const p = (await record({ Name: 'K1', Code: 'KB1', ClientId }).expect(201)).body.data as PointView;
    const before = await totalPoints();
    await a.agent.delete(`${base}/${project._id}/${p._id}`).expect(200);
    const at = (suffix: string) => `${base}/${project._id}/${p._id}${suffix}`;
    const late = [
      await a.agent.put(at('/rename')).send({ Name: 'K1 kerb' }),
      await a.agent.put(at('/code')).send({ Code: 'KB1 PC' }),
      await a.agent.put(at('/note')).send({ Note: 'checked' }),
      await a.agent.put(at('/line')).send({ Line: 'KB1', Edit: 'break' }),
      await a.agent.put(at('/antenna')).send({ Height: 1.8, HeightType: 'vertical' }),
      await a.agent.post(at('/photos')).set('Content-Type', 'image/png').send(Buffer.from('not looked at')),
      await a.agent.get(at('/photos')),
      await a.agent.get(at('/epochs')),
      await a.agent.delete(at('')),
    ];
    for (const res of late) expect([res.status, res.body]).toEqual([404, { success: false, message: 'Point not found' }]);
    // the phone that recorded it retries its lost reply: refused, not recorded again
    const retry = await record({ Name: 'K1', Code: 'KB1', ClientId });
    expect([retry.status, retry.body]).toEqual([409, { success: false, message: POINT_DELETED }]);
    const [row] = await h.db.query<{ name: string; code: string; note: string; deleted: boolean }>(
      'SELECT name, code, note, deleted_at IS NOT NULL AS deleted FROM points WHERE id = $1',
      [p._id],
    );
    expect(row).toEqual({ name: 'K1', code: 'KB1', note: '', deleted: true });
    expect((await live()).some((x) => x._id === p._id)).toBe(false);
    expect(await totalPoints()).toBe(before - 1);
    expect((await auditOf(p._id)).map((e) => e.Action)).toEqual(['point.deleted', 'point.recorded']);
  });

  it('answers a missing, malformed or other project\'s point like a missing one', async () => {
    const p = (await record({ Name: 'OTHER-1' }).expect(201)).body.data as PointView;
    await a.agent.delete(`${base}/${project._id}/${p._id}`).expect(200);
    const other = await createProject(a.agent, await registerDevice(a.agent, 'base'), [], 'Other site');
    expect((await restore(p._id, other._id).expect(404)).body).toEqual({ success: false, message: 'Point not found' });
    expect((await restore(randomUUID()).expect(404)).body).toEqual({ success: false, message: 'Point not found' });
    expect((await restore(randomUUID(), randomUUID()).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    expect((await a.agent.get(`/api/projects/${randomUUID()}/deleted-points`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    expect((await restore('nope').expect(400)).body.success).toBe(false);
    expect((await a.agent.get('/api/projects/nope/deleted-points').expect(400)).body.success).toBe(false);
    // another account's project is theirs: missing to Ann
    const bob = await h.verifiedUser('Bob');
    const bobs = await createProject(bob.agent, await registerDevice(bob.agent, 'base'), [], 'Bob site');
    const bp = (await bob.agent.post(base).send({ ProjectId: bobs._id, Name: 'B1', Latitude: 1, Longitude: 2 }).expect(201)).body.data as PointView;
    await bob.agent.delete(`${base}/${bobs._id}/${bp._id}`).expect(200);
    expect((await a.agent.post(`/api/projects/${bobs._id}/deleted-points/${bp._id}/restore`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    expect((await a.agent.get(`/api/projects/${bobs._id}/deleted-points`).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    await restore(p._id).expect(200);
  });

  it('purges a point 30 days after its delete, at the clock it is given, and its ClientId never records again', async () => {
    const ClientId = randomUUID();
    const p = (await record({ Name: 'OLD-1', ClientId }).expect(201)).body.data as PointView;
    await a.agent.delete(`${base}/${project._id}/${p._id}`).expect(200);
    const [{ deleted_at }] = (await h.db.query<{ deleted_at: Date }>('SELECT deleted_at FROM points WHERE id = $1', [p._id])) as [{ deleted_at: Date }];
    const deletedAt = new Date(deleted_at).getTime();
    const exists = async () => (await h.db.query('SELECT 1 FROM points WHERE id = $1', [p._id])).length === 1;

    // a day short of its 30, the purge leaves it
    await purgeDeletedPoints(h.db, h.deps.photos, new Date(deletedAt + 29 * DAY));
    expect(await exists()).toBe(true);
    await purgeDeletedPoints(h.db, h.deps.photos, new Date(deletedAt + 30 * DAY - 1000));
    expect(await exists()).toBe(true);
    // past its days and not purged yet, it is no longer offered nor restorable
    await h.db.query("UPDATE points SET deleted_at = deleted_at - interval '720 hours 1 second' WHERE id = $1", [p._id]);
    expect((await deleted()).some((x) => x._id === p._id)).toBe(false);
    expect((await restore(p._id).expect(404)).body).toEqual({ success: false, message: 'Point not found' });
    await h.db.query("UPDATE points SET deleted_at = deleted_at + interval '720 hours 1 second' WHERE id = $1", [p._id]);

    const purged = await purgeDeletedPoints(h.db, h.deps.photos, new Date(deletedAt + 30 * DAY + 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await exists()).toBe(false);
    expect((await restore(p._id).expect(404)).body).toEqual({ success: false, message: 'Point not found' });
    const retry = await record({ Name: 'OLD-1', ClientId });
    expect([retry.status, retry.body]).toEqual([409, { success: false, message: POINT_PURGED }]);
    expect((await live()).some((x) => x.Name === 'OLD-1')).toBe(false);
    // the audit trail keeps what the point was
    expect((await auditOf(p._id)).map((e) => e.Action)).toEqual(['point.deleted', 'point.recorded']);
  });
});
