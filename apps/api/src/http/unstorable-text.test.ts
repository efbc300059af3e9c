import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';
import { seedProject } from '../exports/test-seed.js';
import { unstorableText } from './route.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

/** Text that is not text: U+0000, a high surrogate alone, a low surrogate alone, a pair the wrong way round. */
const BAD = ['a\u0000b', '\u0000', 'x\ud800', '\udc00y', 'z\udc00\ud800'];

const refused = (res: { status: number; body: { success?: boolean; message?: string } }, field: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ success: false, message: `${field}: must not contain NUL characters or unpaired surrogates` });
};

describe('a text field holding NUL or an unpaired surrogate', () => {
  it('is found wherever it is, keys included; a paired surrogate (an emoji) is text', () => {
    expect(unstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(unstorableText({ a: { 'k\ud800': 1 } })).toEqual(['a']);
    expect(unstorableText({ name: 'Mark 📍 Nord', n: 3, t: true, z: null })).toBeNull();
  });

  it('is refused with 400 naming the field on a project\'s NTRIP source; nothing is stored', async () => {
    const a = await h.verifiedUser();
    const base = await registerDevice(a.agent, 'base');
    const project = await createProject(a.agent, base, []);
    const path = `/api/projects/${project._id}/ntrip-source`;
    const good = { host: 'caster.example.net', port: 2101, mountpoint: 'M1', username: 'crew', password: 'pw' };
    for (const bad of BAD) {
      for (const field of ['mountpoint', 'username', 'password'] as const) {
        const res = await a.agent.put(path).send({ ...good, [field]: bad });
        // a field's own rule (a mountpoint's characters) may speak first; either way a 400 and never a 500
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
      }
      refused(await a.agent.put(path).send({ ...good, password: `pw${bad}` }), 'password');
    }
    expect((await a.agent.get(path).expect(200)).body.source).toBeNull();
    await a.agent.put(path).send({ ...good, password: 'pässwörd 📡' }).expect(200);
  });

  it('is refused with 400 on the user\'s NTRIP source; nothing is stored', async () => {
    const a = await h.verifiedUser();
    for (const bad of BAD) {
      refused(await a.agent.put('/api/user/ntrip-source').send({ url: 'rtk.example.net/VRS32', username: `crew${bad}`, password: 'pw' }), 'username');
      refused(await a.agent.put('/api/user/ntrip-source').send({ url: 'rtk.example.net/VRS32', username: 'crew', password: `pw${bad}` }), 'password');
    }
    expect((await a.agent.get('/api/user/ntrip-source').expect(200)).body.source).toMatchObject({ url: '', username: '', hasPassword: false });
  });

  it('is refused with 400 as a calibration pair\'s name; no calibration is stored', async () => {
    const a = await h.verifiedUser();
    const projectId = await seedProject(h.db, a.userId, { name: 'Paris site' });
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: 2154 }).expect(200);
    const positions: [number, number][] = [[48.8566, 2.3522], [48.8641, 2.3716], [48.841, 2.3462]];
    const grid = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4326', 'EPSG:2154'], { input: positions.map(([la, lo]) => `${la} ${lo}\n`).join('') })
      .toString().trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
    const pairs = positions.map(([latitude, longitude], i) => ({ name: `CP${i + 1}`, latitude, longitude, easting: grid[i]![0]! + 100, northing: grid[i]![1]! - 20 }));
    for (const bad of BAD) {
      const res = await a.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs: [pairs[0], { ...pairs[1], name: `CP${bad}` }, pairs[2]] });
      refused(res, 'pairs.1.name');
    }
    expect((await a.agent.get(`/api/projects/calibration/${projectId}`).expect(200)).body.calibration).toBeNull();
    // the same pairs with their names are stored
    const ok = await a.agent.put(`/api/projects/calibration/${projectId}`).send({ pairs }).expect(200);
    expect(ok.body.calibration.version).toBe(1);
  });

  it('is refused on every other text field too: a project\'s name, a device\'s name', async () => {
    const a = await h.verifiedUser();
    const base = await registerDevice(a.agent, 'base');
    for (const [i, bad] of BAD.slice(2).entries()) {
      refused(await a.agent.post('/api/projects').send({ Name: `Job ${bad}`, Description: 'Boundary survey', BaseStation: base._id, ClientDevices: [] }), 'Name');
      refused(await a.agent.post(`/api/devices/TEXT-${i}-${Date.now()}`).send({ Name: `Rover ${bad}`, Type: 'rover' }), 'Name');
    }
    expect((await a.agent.get(`/api/user/${a.userId}/registereddevices`).expect(200)).body.devices).toHaveLength(1);
  });
});
