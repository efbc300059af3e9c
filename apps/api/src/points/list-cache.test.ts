import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { startHarness, type Harness } from '../testing/harness.js';
import { createListCache } from './list-cache.js';

describe('the point list kept in memory per project revision', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann');
  });
  afterAll(() => h.close());

  const point = (projectId: string, Name: string) => ({ ProjectId: projectId, Name, Latitude: 6.9, Longitude: 79.8, Accuracy: 'High', Section: 'kerb' });
  const names = (res: request.Response) => (res.body.points as { Name: string }[]).map((p) => p.Name);

  it('never answers a stale list when another api process on the same database changes the points', async () => {
    const project = await createProject(a.agent, await registerDevice(a.agent, 'base'), [await registerDevice(a.agent, 'rover')]);
    // a second api process: its own app and its own cache, the same database
    const other = request.agent(createApp(h.deps));
    await other.post('/api/auth/login').send({ email: a.email, password: a.password }).expect(200);
    const list = () => a.agent.get(`/api/points/${project._id}`).expect(200);

    await a.agent.post('/api/points').send(point(project._id, 'P1')).expect(201);
    expect(names(await list())).toEqual(['P1']);

    const { body } = await other.post('/api/points').send(point(project._id, 'P2')).expect(201);
    expect(names(await list())).toEqual(['P1', 'P2']);
    await other.put(`/api/points/${project._id}/${body.data._id}/rename`).send({ Name: 'Kerb corner' }).expect(200);
    expect(names(await list())).toEqual(['P1', 'Kerb corner']);
    await other.delete(`/api/points/${project._id}/${body.data._id}`).expect(200);
    expect(names(await list())).toEqual(['P1']);
    // a retried ClientId changes nothing, and the list stays what it was
    const retry = { ...point(project._id, 'P3'), ClientId: crypto.randomUUID() };
    await other.post('/api/points').send(retry).expect(201);
    await other.post('/api/points').send(retry).expect(200);
    expect(names(await list())).toEqual(['P1', 'P3']);
  });

  it('sends the same list gzipped to a client that accepts gzip, and plain to one that does not', async () => {
    const project = await createProject(a.agent, await registerDevice(a.agent, 'base'), [await registerDevice(a.agent, 'rover')]);
    for (const n of ['A', 'B', 'C']) await a.agent.post('/api/points').send(point(project._id, n)).expect(201);
    // plain node:http, which leaves the body as it came over the wire
    const login = await fetch(`${h.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const get = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((ok, fail) => {
        httpGet(`${h.url}/api/points/${project._id}`, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', fail);
      });
    const plain = await get('identity');
    const zipped = await get('gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.headers['cache-control']).toBe('no-store');
    const fromPlain = JSON.parse(plain.body.toString('utf8'));
    expect(fromPlain.points.map((p: { Name: string }) => p.Name)).toEqual(['A', 'B', 'C']);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(fromPlain);
  });

  it('reads the database once for concurrent misses, and never lets an older revision replace a newer one', async () => {
    const cache = createListCache();
    let reads = 0;
    const slow = (value: string, ms: number) => async () => {
      reads++;
      await new Promise((r) => setTimeout(r, ms));
      return { value };
    };
    const [x, y] = await Promise.all([cache.get('p', '5', slow('five', 20)), cache.get('p', '5', slow('five again', 0))]);
    expect(reads).toBe(1);
    expect(x).toBe(y);
    // revision 7 is read first and answered; a slow read of revision 6 finishing later must not take its place
    const older = cache.get('p', '6', slow('six', 30));
    await cache.get('p', '7', slow('seven', 0));
    await older;
    const kept = await cache.get('p', '7', slow('seven re-read', 0));
    expect(JSON.parse(kept.json.toString()).value).toBe('seven');
    expect(reads).toBe(3);
  });
});
