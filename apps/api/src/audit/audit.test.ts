import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Agent } from 'supertest';
import type { AuditEntryView } from '@smi/contracts';
import { pointSnapshot, type AuditedPointRow } from '@smi/db';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, recordPoint, registerDevice } from '../projects/survey-fixtures.js';

type Account = { agent: Agent; userId: string; name: string };

describe('the audit trail: one entry per change, append-only, read by owners and admins', () => {
  let h: Harness;
  let ann: Account;
  let bob: Account;
  let projectId: string;
  let otherProjectId: string;
  const entries = async (query = '') => (await ann.agent.get(`/api/audit${query}`).expect(200)).body.entries as AuditEntryView[];
  const count = async () => Number((await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log WHERE workspace_id = $1', [ann.userId]))[0]!.n);

  beforeAll(async () => {
    h = await startHarness();
    ann = await h.verifiedUser('Ann Field');
    bob = await h.verifiedUser('Bob Office');
    const base = await registerDevice(ann.agent, 'base');
    projectId = (await createProject(ann.agent, base, []))._id;
    otherProjectId = (await createProject(ann.agent, base, []))._id;
  });
  afterAll(() => h.close());

  it('records, renames, notes and deletes a point with who, when, before and after', async () => {
    const p = await recordPoint(ann.agent, projectId, { Name: 'MH1', Note: 'cover' });
    await ann.agent.put(`/api/points/${projectId}/${p._id}/rename`).send({ Name: 'MH2' }).expect(200);
    await ann.agent.put(`/api/points/${projectId}/${p._id}/note`).send({ Note: 'cracked' }).expect(200);
    await ann.agent.delete(`/api/points/${projectId}/${p._id}`).expect(200);
    const mine = (await entries(`?projectId=${projectId}`)).filter((e) => e.ObjectId === p._id);
    expect(mine.map((e) => e.Action)).toEqual(['point.deleted', 'point.noted', 'point.renamed', 'point.recorded']);
    for (const e of mine) expect(e).toMatchObject({ UserId: ann.userId, UserName: 'Ann Field', ObjectKind: 'point', ProjectId: projectId });
    const [deleted, noted, renamed, recorded] = mine;
    expect(recorded!.Before).toBeNull();
    expect(recorded!.After).toMatchObject({ Name: 'MH1', Number: p.Number, Latitude: p.Latitude, Longitude: p.Longitude, Note: 'cover' });
    // the record statement writes its own entry: its snapshot is the one pointSnapshot makes of the stored row
    const [stored] = await h.db.query<AuditedPointRow>('SELECT * FROM points WHERE id = $1', [p._id]);
    expect(recorded!.After).toEqual({ ...pointSnapshot({ ...stored!, name: 'MH1', note: 'cover' }) });
    expect(renamed).toMatchObject({ Before: { Name: 'MH1' }, After: { Name: 'MH2' } });
    expect(noted).toMatchObject({ Before: { Note: 'cover' }, After: { Note: 'cracked' } });
    expect(deleted!.Before).toMatchObject({ Name: 'MH2', Note: 'cracked' });
    // a tombstone (decision 072): when, by whom, until when it can be restored
    expect(deleted!.After).toMatchObject({ DeletedBy: { Id: ann.userId, Name: 'Ann Field' }, DeletedAt: expect.any(String), RestorableUntil: expect.any(String) });
    // the entries outlive the point they describe
    expect(await h.db.query('SELECT 1 FROM audit_log WHERE object_id = $1', [p._id])).toHaveLength(4);
  });

  it('writes nothing for a change that fails: a taken name, a missing point, a retried record', async () => {
    const a = await recordPoint(ann.agent, projectId, { Name: 'A1', ClientId: '7d1b0d0e-8b3c-4f65-9a11-1c1f7b1e0a01' });
    await recordPoint(ann.agent, projectId, { Name: 'A2' });
    const before = await count();
    const taken = await ann.agent.put(`/api/points/${projectId}/${a._id}/rename`).send({ Name: 'A2' });
    expect(taken.status).toBe(409);
    await ann.agent.put(`/api/points/${projectId}/00000000-0000-4000-8000-000000000000/note`).send({ Note: 'x' }).expect(404);
    await ann.agent.delete(`/api/points/${otherProjectId}/${a._id}`).expect(404);
    // the same ClientId again: answered with the first point, nothing recorded, nothing audited
    await recordPoint(ann.agent, projectId, { Name: 'A1', ClientId: '7d1b0d0e-8b3c-4f65-9a11-1c1f7b1e0a01' });
    expect(await count()).toBe(before);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await recordPoint(ann.agent, projectId);
    const n = await count();
    await expect(h.db.query(`UPDATE audit_log SET user_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(h.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(h.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
    expect(await h.db.query(`SELECT 1 FROM audit_log WHERE user_name = 'someone else'`)).toHaveLength(0);
  });

  it('filters by project, member, action and time, and pages newest first with a cursor', async () => {
    for (let i = 0; i < 5; i++) await recordPoint(ann.agent, otherProjectId, { Name: `Q${i}` });
    const other = await entries(`?projectId=${otherProjectId}`);
    expect(other.map((e) => e.After?.Name)).toEqual(['Q4', 'Q3', 'Q2', 'Q1', 'Q0']);
    expect((await entries('?action=point.renamed')).every((e) => e.Action === 'point.renamed')).toBe(true);
    expect(await entries('?action=point.renamed')).toHaveLength(1);
    expect(await entries(`?userId=${bob.userId}`)).toEqual([]);
    expect((await entries(`?userId=${ann.userId}`)).length).toBe(await count());
    const all = await entries();
    const middle = all[Math.floor(all.length / 2)]!;
    const from = await entries(`?from=${encodeURIComponent(middle.At)}`);
    expect(from.every((e) => e.At >= middle.At)).toBe(true);
    expect((await entries(`?to=${encodeURIComponent(all[all.length - 1]!.At)}`))).toEqual([]);

    const pages: string[][] = [];
    let next: string | null = null;
    do {
      const res: { body: { entries: AuditEntryView[]; Next: string | null } } = await ann.agent.get(`/api/audit?projectId=${otherProjectId}&limit=2${next ? `&before=${next}` : ''}`).expect(200);
      pages.push((res.body.entries as AuditEntryView[]).map((e) => e.After!.Name as string));
      next = res.body.Next;
    } while (next);
    expect(pages).toEqual([['Q4', 'Q3'], ['Q2', 'Q1'], ['Q0']]);
    for (const bad of ['?limit=0', '?limit=501', '?action=point.eaten', '?from=yesterday', '?projectId=x', '?before=abc', '?colour=red']) {
      const res = await ann.agent.get(`/api/audit${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('downloads the same filter as CSV', async () => {
    const res = await ann.agent.get(`/api/audit/csv?projectId=${otherProjectId}`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    const listed = await entries(`?projectId=${otherProjectId}`);
    expect(rows.map((r) => r.seq)).toEqual(listed.map((e) => e.Seq));
    expect(rows[0]).toMatchObject({ user_id: ann.userId, user_name: 'Ann Field', action: 'point.recorded', object_kind: 'point', project_id: otherProjectId, before: '' });
    expect(JSON.parse(rows[0]!.after!)).toEqual(listed[0]!.After);
  });

  it('records a CRS change, an export with its format and count, and a deleted project; a refused CRS writes nothing', async () => {
    const before = await count();
    expect((await ann.agent.put(`/api/projects/crs/${otherProjectId}`).send({ crsCode: 9999 })).status).toBe(400);
    expect(await count()).toBe(before);
    await ann.agent.put(`/api/projects/crs/${otherProjectId}`).send({ crsCode: 32644 }).expect(200);
    await ann.agent.put(`/api/projects/crs/${otherProjectId}`).send({ crsCode: 32643 }).expect(200);
    const [crs, first] = await entries(`?action=crs.changed`);
    expect(first).toMatchObject({ ProjectId: otherProjectId, ObjectKind: 'project', Before: null, After: { crs_code: 32644 } });
    expect(crs).toMatchObject({ Before: { crs_code: 32644 }, After: { crs_code: 32643 } });

    await ann.agent.get(`/api/export/csv/${otherProjectId}`).buffer(true).expect(200);
    const [exported] = await entries('?action=export.downloaded');
    expect(exported).toMatchObject({ ProjectId: otherProjectId, UserName: 'Ann Field', After: { Format: 'csv', Points: 5 } });

    const doomed = (await createProject(ann.agent, await registerDevice(ann.agent, 'base'), [], 'Doomed'))._id;
    await ann.agent.delete(`/api/projects/${doomed}`).expect(200);
    await ann.agent.delete(`/api/projects/${doomed}`).expect(404);
    const deleted = await entries(`?projectId=${doomed}`);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ Action: 'project.deleted', Before: { Name: 'Doomed', TotalPoints: 0 } });
  });

  it('another account sees only its own workspace; a surveyor or viewer of the team is refused', async () => {
    expect((await bob.agent.get('/api/audit').expect(200)).body.entries).toEqual([]);
    // a team workspace Ann owns, Bob a surveyor in it, working there
    const [ws] = await h.db.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Crew') RETURNING id`);
    await h.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'surveyor')`, [ws!.id, ann.userId, bob.userId]);
    await h.db.query('UPDATE users SET current_workspace_id = $1 WHERE id = $2', [ws!.id, bob.userId]);
    for (const path of ['/api/audit', '/api/audit/csv']) {
      const res = await bob.agent.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.success).toBe(false);
    }
    await h.db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws!.id, bob.userId]);
    expect((await bob.agent.get('/api/audit').expect(200)).body.entries).toEqual([]);
    await h.db.query('UPDATE users SET current_workspace_id = NULL WHERE id = $1', [bob.userId]);
  });
});
