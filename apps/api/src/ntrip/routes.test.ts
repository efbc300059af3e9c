import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createProject, registerDevice } from '../projects/survey-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

describe('a project\'s external NTRIP source', () => {
  it('is saved with its password, never sends the password back, keeps it when a change leaves it out', async () => {
    const a = await h.verifiedUser();
    const base = await registerDevice(a.agent, 'base');
    const rover = await registerDevice(a.agent, 'rover');
    const project = await createProject(a.agent, base, [rover]);
    const path = `/api/projects/${project._id}/ntrip-source`;
    expect((await a.agent.get(path).expect(200)).body).toEqual({ success: true, source: null });
    const body = { host: 'caster.example.net', port: 2101, mountpoint: 'VRS_RTCM32', username: 'surveyor', password: 's3cret-pw', version: 2, sendGga: true };
    const saved = await a.agent.put(path).send(body).expect(200);
    expect(JSON.stringify(saved.body)).not.toContain('s3cret-pw');
    expect(saved.body.source).toMatchObject({ host: 'caster.example.net', port: 2101, mountpoint: 'VRS_RTCM32', username: 'surveyor', hasPassword: true, version: 2, sendGga: true, enabled: true, correctionAgeS: null });
    expect(saved.body.source.casterMountpoint).toMatch(/^P-[0-9A-F]{20}$/);
    const { password: _, ...withoutPassword } = body;
    await a.agent.put(path).send({ ...withoutPassword, port: 2102 }).expect(200);
    const [row] = await h.db.query<{ password: string; port: number }>('SELECT password, port FROM project_ntrip_sources WHERE project_id = $1', [project._id]);
    expect(row).toEqual({ password: 's3cret-pw', port: 2102 });
    const read = await a.agent.get(path).expect(200);
    expect(JSON.stringify(read.body)).not.toContain('s3cret-pw');
    await a.agent.delete(path).expect(200);
    expect((await a.agent.get(path).expect(200)).body.source).toBeNull();
  });

  it('answers another account\'s project like a missing one, and bad input with 400', async () => {
    const a = await h.verifiedUser();
    const b = await h.verifiedUser();
    const base = await registerDevice(a.agent, 'base');
    const project = await createProject(a.agent, base, []);
    const good = { host: 'caster.example.net', port: 2101, mountpoint: 'M1' };
    const foreign = await b.agent.put(`/api/projects/${project._id}/ntrip-source`).send(good);
    const missing = await b.agent.put(`/api/projects/00000000-0000-4000-8000-000000000000/ntrip-source`).send(good);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    for (const bad of [{ ...good, port: 70000 }, { ...good, mountpoint: 'a b' }, { ...good, host: 'x\r\ny' }, { ...good, password: 'a\r\nb' }, { ...good, extra: 1 }]) {
      const res = await a.agent.put(`/api/projects/${project._id}/ntrip-source`).send(bad);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('reads an external caster\'s sourcetable, and refuses internal addresses', async () => {
    const a = await h.verifiedUser();
    const refused = await a.agent.post('/api/ntrip/sourcetable').send({ host: '127.0.0.1', port: 2101 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/internal/);
    // a caster on loopback that the operator admits
    const server = net.createServer((s) =>
      s.once('data', () => {
        const body = 'STR;NEAR;Nearest;RTCM 3.2;1004(1),1077(1);2;GPS+GLO;NET;DEU;52.50;13.40;1;1;sNTRIP;none;B;N;9600;\r\nENDSOURCETABLE\r\n';
        s.end(`HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      }),
    );
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    process.env.CUSTOM_BROKER_ALLOW = '127.0.0.1';
    try {
      const res = await a.agent.post('/api/ntrip/sourcetable').send({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port, version: 2 }).expect(200);
      expect(res.body.mountpoints).toEqual([expect.objectContaining({ mountpoint: 'NEAR', nmea: true, network: true, navSystem: 'GPS+GLO' })]);
    } finally {
      delete process.env.CUSTOM_BROKER_ALLOW;
      server.close();
    }
  });
});
