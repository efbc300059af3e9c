import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';
import { ntripAccess, fetchSourcetable, readReplyHead, allowedNtripAddress } from '@smi/ntrip';
import { capture, hasStr2str, ntrip1Get, str2str } from './testing/helpers.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

describe('reading a caster\'s reply', () => {
  const b = (s: string) => Buffer.from(s, 'latin1');
  it('takes ICY with and without a blank line, HTTP 200 chunked or not, and knows a sourcetable and a 401', () => {
    expect(readReplyHead(b('ICY 200 OK\r\n\xd3\x00'))).toEqual({ kind: 'stream', chunked: false, bodyAt: 12 });
    expect(readReplyHead(b('ICY 200 OK\r\n\r\n\xd3'))).toEqual({ kind: 'stream', chunked: false, bodyAt: 14 });
    expect(readReplyHead(b('HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nTransfer-Encoding: chunked\r\n\r\n1a\r\n'))).toMatchObject({ kind: 'stream', chunked: true });
    expect(readReplyHead(b('HTTP/1.1 200 OK\r\nContent-Type: gnss/data\r\n\r\n'))).toMatchObject({ kind: 'stream', chunked: false });
    expect(readReplyHead(b('HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSTR;A;'))).toEqual({ kind: 'sourcetable' });
    expect(readReplyHead(b('HTTP/1.1 200 OK\r\nContent-Type: gnss/sourcetable\r\n\r\n'))).toEqual({ kind: 'sourcetable' });
    expect(readReplyHead(b('SOURCETABLE 200 OK\r\n'))).toEqual({ kind: 'sourcetable' });
    expect(readReplyHead(b('HTTP/1.0 401 Unauthorized\r\n'))).toEqual({ kind: 'unauthorized' });
    expect(readReplyHead(b('HTTP/1.1 200 OK\r\nServer: x'))).toEqual({ kind: 'more' });
  });
});

describe('the outbound rule', () => {
  it('refuses loopback and private addresses unless the operator admits them', async () => {
    await expect(allowedNtripAddress('127.0.0.1', undefined)).rejects.toThrow(/internal/);
    await expect(allowedNtripAddress('10.1.2.3', '')).rejects.toThrow(/internal/);
    await expect(allowedNtripAddress('169.254.169.254', '10.0.0.0/8')).rejects.toThrow(/internal/);
    await expect(allowedNtripAddress('localhost', undefined)).rejects.toThrow(/internal/);
    expect(await allowedNtripAddress('10.1.2.3', '10.0.0.0/8')).toBe('10.1.2.3');
    expect(await allowedNtripAddress('127.0.0.1', '127.0.0.1')).toBe('127.0.0.1');
    expect(await allowedNtripAddress('8.8.8.8', undefined)).toBe('8.8.8.8');
  });
});

describe.skipIf(!hasStr2str)('a project taking corrections from an external caster (str2str ntripc://)', () => {
  let t: TestGateway;
  let casterPort: number;
  let ext: ReturnType<typeof str2str>;
  beforeAll(async () => {
    casterPort = await freePort();
    ext = str2str(['-out', `ntripc://net:netpw@:${casterPort}/NET1:NET1;RTCM 3.0;1004(1),1006(10);2;GPS;SMI;USA;38.92;-77.07;1;0;str2str;none;B;N;9600;`]);
    t = await startTestGateway({ ntripPort: 0, customBrokerAllow: '127.0.0.1', ntripClient: { minBackoffMs: 200, maxBackoffMs: 1000 } });
  });
  afterAll(async () => {
    await ext?.stop();
    await t?.close();
  });

  it('lists the external caster\'s mountpoints from its sourcetable', async () => {
    const resolve = (h: string) => allowedNtripAddress(h, '127.0.0.1');
    const table = await eventually(async () => fetchSourcetable({ host: '127.0.0.1', port: casterPort, version: 1, resolve }).catch(() => null), 200);
    expect(table).toEqual([expect.objectContaining({ mountpoint: 'NET1', identifier: 'NET1', formatDetails: '1004(1),1006(10)', nmea: true, latitude: 38.92 })]);
    await expect(fetchSourcetable({ host: '127.0.0.1', port: casterPort, version: 1, resolve: (h) => allowedNtripAddress(h, undefined) })).rejects.toThrow(/internal/);
  });

  it('relays the capture str2str serves to the project\'s MQTT rover and to an NTRIP rover on the project mountpoint', async () => {
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner, 'rover');
    const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_latitude, base_longitude) VALUES ($1, $2, 38.92, -77.07) RETURNING id', [owner, 'Network survey']);
    await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    const mqttRover = await connect(t.url, { username: rover.code, password: rover.secret });
    const overMqtt: Buffer[] = [];
    mqttRover.on('message', (_topic, payload) => overMqtt.push(payload));
    await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);

    // a wrong password first: the client says why and keeps trying; then the right one
    await t.db.query(
      `INSERT INTO project_ntrip_sources (project_id, host, port, mountpoint, username, password, version, send_gga) VALUES ($1, '127.0.0.1', $2, 'NET1', 'net', 'wrong', 1, true)`,
      [p!.id, casterPort],
    );
    await t.gateway.ntripSources.refresh();
    const row = () => t.db.query<{ state: string; last_error: string | null; last_data_at: Date | null }>('SELECT state, last_error, last_data_at FROM project_ntrip_sources WHERE project_id = $1', [p!.id]).then((r) => r[0]!);
    await eventually(async () => (await row()).last_error?.includes('401'), 100);
    await t.db.query(`UPDATE project_ntrip_sources SET password = 'netpw' WHERE project_id = $1`, [p!.id]);
    await t.gateway.ntripSources.refresh();
    await eventually(async () => (await row()).state === 'connected', 100);

    const mount = (await ntripAccess.projectMountName(t.db, p!.id))!;
    expect(mount).toMatch(/^P-[0-9A-F]{20}$/);
    const ntripRover = ntrip1Get(t.gateway.caster!.port, mount, rover.code, rover.secret);
    await eventually(() => ntripRover.hasHead());
    expect(ntripRover.head()).toBe('ICY 200 OK\r\n');

    const expected = capture();
    ext.write(expected);
    await eventually(() => Buffer.concat(overMqtt).length >= expected.length && ntripRover.body().length >= expected.length, 100);
    expect(Buffer.concat(overMqtt).equals(expected)).toBe(true);
    expect(ntripRover.body().equals(expected)).toBe(true);
    await eventually(async () => (await row()).last_data_at, 100);
    ntripRover.socket.destroy();
    await mqttRover.endAsync();
  });
});
