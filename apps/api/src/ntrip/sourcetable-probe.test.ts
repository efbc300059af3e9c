import net from 'node:net';
import { hasStr2str, str2str } from '@smi/gateway/testing/ntrip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

vi.setConfig({ testTimeout: 60_000 });

// the product's budgets: 30 sourcetables and 30 NTRIP credential changes per account, 60 sourcetables per address
let h: Harness;
beforeAll(async () => {
  // behind one proxy: each test's requests come from their own address (X-Forwarded-For)
  h = await startHarness({ rateLimitScale: 1, trustProxy: 1 });
  process.env.CUSTOM_BROKER_ALLOW = '127.0.0.1';
}, 120_000);
afterAll(async () => {
  delete process.env.CUSTOM_BROKER_ALLOW;
  await h?.close();
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as net.AddressInfo).port;
}

type Agent = Awaited<ReturnType<Harness['verifiedUser']>>['agent'];
const sourcetable = (agent: Agent, from: string, body: object) => agent.post('/api/ntrip/sourcetable').set('X-Forwarded-For', from).send(body);

async function freePort(): Promise<number> {
  const s = net.createServer();
  const port = await listen(s);
  await new Promise((ok) => s.close(ok));
  return port;
}

describe('reading an external caster\'s sourcetable', () => {
  it('never repeats what another kind of server says, nor why a port took no connection', async () => {
    const a = await h.verifiedUser();
    // an SSH server, a mail server and a web server: each greets or answers with what it is
    const banners = ['SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5\r\n', '220 mail.internal.example ESMTP Postfix (Debian)\r\n', 'HTTP/1.1 403 Forbidden\r\nServer: Apache/2.4.58 (Ubuntu)\r\n\r\n'];
    const servers = banners.map((b) => net.createServer((s) => (b.startsWith('HTTP') ? s.once('data', () => s.end(b)) : s.end(b))));
    try {
      const ports = await Promise.all(servers.map(listen));
      const messages: string[] = [];
      for (const port of ports.slice(0, 2)) {
        const res = await sourcetable(a.agent, '203.0.113.1', { host: '127.0.0.1', port, version: 1 });
        expect(res.status).toBe(400);
        messages.push(res.body.message);
      }
      expect(messages).toEqual(['Sourcetable not read: the caster answered: a reply that is not NTRIP', 'Sourcetable not read: the caster answered: a reply that is not NTRIP']);
      const web = await sourcetable(a.agent, '203.0.113.1', { host: '127.0.0.1', port: ports[2], version: 2 });
      expect(web.body.message).toBe('Sourcetable not read: the caster answered: HTTP 403');
      for (const m of [...messages, web.body.message]) expect(m).not.toMatch(/OpenSSH|Postfix|ESMTP|Apache|Ubuntu|mail\.internal/);

      // a closed port: the host and port the user typed, and no more
      const b = await h.verifiedUser();
      const closed = await freePort();
      const refused = await sourcetable(b.agent, '203.0.113.1', { host: '127.0.0.1', port: closed, version: 1 });
      expect(refused.body).toEqual({ success: false, message: `Sourcetable not read: no caster answered at 127.0.0.1:${closed}` });
      expect(refused.body.message).not.toMatch(/ECONNREFUSED/);
    } finally {
      for (const s of servers) s.close();
    }
  });

  it('is limited per account and per address; past the limit nothing connects', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.once('data', () => s.end('SOURCETABLE 200 OK\r\n\r\nSTR;M1;M1;RTCM 3.2;1005(10);2;GPS;SMI;DEU;52.5;13.4;0;0;x;none;B;N;0;\r\nENDSOURCETABLE\r\n'));
    });
    const port = await listen(server);
    try {
      const a = await h.verifiedUser();
      const from = '203.0.113.2';
      const read = (agent: Agent, address = from) => sourcetable(agent, address, { host: '127.0.0.1', port, version: 1 });
      for (let i = 0; i < 30; i++) await read(a.agent).expect(200);
      const over = await read(a.agent);
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ success: false, message: expect.stringMatching(/^Too many sourcetables read\. Try again in \d+ minutes?\.$/) });
      expect(connections).toBe(30);
      // other accounts from the same address share its budget of 60 tries (a's refused one counted): 29 more, then none
      const b = await h.verifiedUser();
      const c = await h.verifiedUser();
      for (let i = 0; i < 29; i++) await read(b.agent).expect(200);
      expect((await read(c.agent)).status).toBe(429);
      expect(connections).toBe(59);
      // c, from its own address, is not held back by theirs
      await read(c.agent, '203.0.113.3').expect(200);
    } finally {
      server.close();
    }
  });

  it.skipIf(!hasStr2str)('still reads a real caster\'s (str2str) sourcetable', async () => {
    const casterPort = await freePort();
    const caster = str2str(['-out', `ntripc://crew:crewpw@:${casterPort}/NET9:NET9;RTCM 3.0;1004(1),1006(10);2;GPS;SMI;USA;38.92;-77.07;1;0;str2str;none;B;N;9600;`]);
    try {
      const a = await h.verifiedUser();
      // str2str takes a moment to listen
      await vi.waitFor(
        () =>
          new Promise<void>((ok, fail) => {
            const probe = net.connect(casterPort, '127.0.0.1', () => (probe.destroy(), ok()));
            probe.once('error', fail);
          }),
        { timeout: 20_000, interval: 200 },
      );
      const res = await sourcetable(a.agent, '198.51.100.1', { host: '127.0.0.1', port: casterPort, version: 1 }).expect(200);
      expect(res.body.mountpoints).toEqual([expect.objectContaining({ mountpoint: 'NET9', country: 'USA' })]);
    } finally {
      await caster.stop();
    }
  });
});

describe('NTRIP credentials and device passwords', () => {
  it('are created and revoked within a budget per account; past it nothing is created or revoked', async () => {
    const a = await h.verifiedUser();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await a.agent.post('/api/ntrip/credentials').send({ name: `Controller ${i}` }).expect(201)).body.credential.id);
    for (const id of ids.slice(0, 10)) await a.agent.delete(`/api/ntrip/credentials/${id}`).expect(200);
    const over = await a.agent.post('/api/ntrip/credentials').send({ name: 'One more' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many NTRIP credential changes\. Try again in \d+ minutes?\.$/);
    expect((await a.agent.delete(`/api/ntrip/credentials/${ids[10]}`)).status).toBe(429);
    const left = (await a.agent.get('/api/ntrip/credentials').expect(200)).body.credentials;
    expect(left.map((c: { id: string }) => c.id)).toEqual(ids.slice(10));
    // another account has its own budget
    const b = await h.verifiedUser();
    await b.agent.post('/api/ntrip/credentials').send({ name: 'Controller' }).expect(201);
  });

  it('a device\'s new NTRIP passwords are within a budget per account too; past it the last one stays', async () => {
    const a = await h.verifiedUser();
    const code = `NTRIPPW-${Date.now().toString(36).toUpperCase()}`;
    const device = (await a.agent.post(`/api/devices/${code}`).send({ Name: 'Base', Type: 'base' }).expect(201)).body.device;
    const hash = async () => (await h.db.query<{ h: string }>('SELECT ntrip_secret_hash AS h FROM devices WHERE id = $1', [device._id]))[0]!.h;
    for (let i = 0; i < 60; i++) await a.agent.post(`/api/devices/${device._id}/ntrip-password`).expect(201);
    const last = await hash();
    const over = await a.agent.post(`/api/devices/${device._id}/ntrip-password`);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many new device secrets\. Try again in \d+ minutes?\.$/);
    expect(await hash()).toBe(last);
  });
});
