import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mountKey } from '@smi/ntrip';
import { basic, capture, hasStr2str, ntrip1Get, rawNtrip, str2str } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

vi.setConfig({ testTimeout: 60_000 });

let h: LiveHarness;
let port: number;
let dir: string;
beforeAll(async () => {
  h = await startLiveHarness({ gateway: { ntripPort: 0 } });
  port = h.gateway.caster!.port;
  dir = mkdtempSync(join(tmpdir(), 'ntrip-cred-'));
}, 120_000);
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Owner = Awaited<ReturnType<LiveHarness['owner']>>;
async function baseProject(owner: Owner) {
  const base = await h.device(owner, 'base', 'North base');
  const [p] = await h.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [owner.userId, 'Creek survey', base.id]);
  return { base, projectId: p!.id };
}

describe('a user\'s NTRIP credentials', () => {
  it('are made with a password shown once and stored hashed, listed without it, and 404 for another account', async () => {
    const a = await h.owner();
    const made = await a.agent.post('/api/ntrip/credentials').send({ name: 'Carlson controller' }).expect(201);
    expect(made.body).toMatchObject({
      success: true,
      message: 'NTRIP credential created. The password is shown only once.',
      credential: { name: 'Carlson controller', username: expect.stringMatching(/^ntrip-[0-9a-f]{10}$/), projectId: null, projectName: null },
      password: expect.stringMatching(/^[\w-]{32}$/),
    });
    const [row] = await h.db.query<{ secret_hash: string }>('SELECT secret_hash FROM ntrip_credentials WHERE id = $1', [made.body.credential.id]);
    expect(row!.secret_hash).toMatch(/^\$2[aby]\$10\$/);
    const list = await a.agent.get('/api/ntrip/credentials').expect(200);
    expect(list.body.credentials).toEqual([made.body.credential]);
    expect(JSON.stringify(list.body)).not.toContain(made.body.password);

    const b = await h.owner();
    expect((await b.agent.get('/api/ntrip/credentials').expect(200)).body.credentials).toEqual([]);
    const theirs = await b.agent.delete(`/api/ntrip/credentials/${made.body.credential.id}`).expect(404);
    const missing = await b.agent.delete('/api/ntrip/credentials/00000000-0000-4000-8000-000000000000').expect(404);
    expect(theirs.body).toEqual(missing.body);
    // limited to a project of another account: like a missing project
    const { projectId } = await baseProject(a);
    expect((await b.agent.post('/api/ntrip/credentials').send({ name: 'x', projectId }).expect(404)).body).toEqual({ success: false, message: 'Project not found' });
    for (const bad of [{}, { name: '' }, { name: 'a\r\nb' }, { name: 'x', projectId: 'nope' }, { name: 'x', extra: 1 }])
      expect((await a.agent.post('/api/ntrip/credentials').send(bad).expect(400)).body.success).toBe(false);
  });

  it.skipIf(!hasStr2str)('let str2str pull the user\'s base byte for byte; a revoked one is cut off and refused with 401', async () => {
    const a = await h.owner();
    const { base } = await baseProject(a);
    const { body } = await a.agent.post('/api/ntrip/credentials').send({ name: 'Field tablet' }).expect(201);
    const user = body.credential.username as string;
    const got = join(dir, 'cred.rtcm3');
    const pull = str2str(['-in', `ntrip://${user}:${body.password}@127.0.0.1:${port}/${base.code}`, '-out', `file://${got}`]);
    await eventually(() => h.gateway.caster!.connections().some((c) => c.who === user && c.mount === mountKey.base(base.code)), 50);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${port}/${base.code}`]);
    await eventually(() => h.gateway.caster!.sourceLive(mountKey.base(base.code)), 50);
    const expected = capture();
    push.write(expected);
    await eventually(() => existsSync(got) && statSync(got).size >= expected.length, 50);
    expect(readFileSync(got).equals(expected)).toBe(true);

    // the base's page lists the credential among who is connected, under its name
    const clients = await eventually(async () => {
      const r = await a.agent.get(`/api/devices/${base.id}/corrections-clients`).expect(200);
      return r.body.clients.find((c: { who: string; ageS: number | null }) => c.who === user && c.ageS !== null);
    }, 100);
    expect(clients).toMatchObject({ who: user, name: 'Field tablet', via: 'ntrip', ageS: expect.any(Number) });

    await a.agent.delete(`/api/ntrip/credentials/${body.credential.id}`).expect(200);
    await eventually(() => !h.gateway.caster!.connections().some((c) => c.who === user), 50);
    const again = ntrip1Get(port, base.code, user, body.password);
    await eventually(() => again.closed());
    expect(again.head()).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n/);
    await Promise.all([push.stop(), pull.stop()]);
  });

  it('limited to a project, pulls that project\'s base only', async () => {
    const a = await h.owner();
    const one = await baseProject(a);
    const other = await baseProject(a);
    const { body } = await a.agent.post('/api/ntrip/credentials').send({ name: 'Creek only', projectId: one.projectId }).expect(201);
    expect(body.credential).toMatchObject({ projectId: one.projectId, projectName: 'Creek survey' });
    const user = body.credential.username as string;
    const ok = ntrip1Get(port, one.base.code, user, body.password);
    const refused = ntrip1Get(port, other.base.code, user, body.password);
    await eventually(() => ok.hasHead() && refused.closed());
    expect(ok.head()).toBe('ICY 200 OK\r\n');
    expect(refused.head()).toMatch(/^HTTP\/1\.0 401/);
    ok.socket.destroy();
    // its sourcetable lists that base only; an unlimited credential's lists both
    const table = rawNtrip(port, `GET / HTTP/1.0\r\nAuthorization: ${basic(user, body.password)}\r\n\r\n`);
    const all = (await a.agent.post('/api/ntrip/credentials').send({ name: 'Everything' }).expect(201)).body;
    const wide = rawNtrip(port, `GET / HTTP/1.0\r\nAuthorization: ${basic(all.credential.username, all.password)}\r\n\r\n`);
    await eventually(() => table.closed() && wide.closed());
    const mounts = (t: typeof table) => t.all().split('\r\n').filter((l) => l.startsWith('STR;')).map((l) => l.split(';')[1]).sort();
    expect(mounts(table)).toEqual([one.base.code]);
    expect(mounts(wide)).toEqual([one.base.code, other.base.code].sort());
    // the Settings panel is told what the caster itself says: its host and real port, each credential's mountpoints
    expect(body.credential.mountpoints).toEqual(mounts(table));
    expect(all.credential.mountpoints).toEqual(mounts(wide));
    const listed = (await a.agent.get('/api/ntrip/credentials').set('host', 'surveyor.example').expect(200)).body;
    expect(port).not.toBe(2101);
    expect(listed.caster).toEqual({ host: 'surveyor.example', port });
    expect(Object.fromEntries(listed.credentials.map((c: { name: string; mountpoints: string[] }) => [c.name, c.mountpoints]))).toEqual({
      'Creek only': mounts(table),
      Everything: mounts(wide),
    });
  });
});
