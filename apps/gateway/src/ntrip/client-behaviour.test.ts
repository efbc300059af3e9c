import net from 'node:net';
import { parseNmeaSentence, type GGAPacket } from 'nmea-simple';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLog } from '../log.js';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import { connect, createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';
import { mountKey, ntripClient } from '@smi/ntrip';
import { capture } from './testing/helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** A hand-made caster on a free loopback port: `onConnection` plays its part; every connection is remembered. */
async function fakeCaster(onConnection: (s: net.Socket, request: string) => void) {
  const connections: { at: number; socket: net.Socket; received: () => string }[] = [];
  const server = net.createServer((s) => {
    let got = '';
    let answered = false;
    s.on('error', () => {});
    connections.push({ at: Date.now(), socket: s, received: () => got });
    s.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (!answered && got.includes('\r\n\r\n')) {
        answered = true;
        onConnection(s, got);
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections,
    close: () =>
      new Promise<void>((ok) => {
        for (const c of connections) c.socket.destroy();
        server.close(() => ok());
      }),
  };
}

const local = async (h: string) => (h === 'localhost' ? '127.0.0.1' : h);
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('the NTRIP client', () => {
  it('retries a caster that refuses it with a growing delay, up to the ceiling', async () => {
    const caster = await fakeCaster((s) => s.end('HTTP/1.0 401 Unauthorized\r\nWWW-Authenticate: Basic realm="x"\r\n\r\n'));
    stops.push(caster.close);
    const errors: string[] = [];
    const delays: number[] = [];
    const c = ntripClient({
      host: '127.0.0.1',
      port: caster.port,
      mountpoint: 'M1',
      username: 'u',
      password: 'wrong',
      version: 1,
      resolve: local,
      log: silentLog,
      onData: () => {},
      onState: (st) => {
        if (st.state !== 'retrying') return;
        if (st.error) errors.push(st.error);
        delays.push(st.retryInMs!);
      },
      minBackoffMs: 100,
      maxBackoffMs: 800,
    });
    stops.push(() => c.stop());
    await eventually(() => caster.connections.length >= 7, 50);
    c.stop();
    const at = caster.connections.map((x) => x.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // the delays it chose: doubling from the floor to the ceiling (no timing here: that is the client's own schedule)
    expect(delays.slice(0, 6)).toEqual([100, 200, 400, 800, 800, 800]);
    // and it kept to them: a timer never fires early (by more than Node's 1 ms rounding), however loaded the host
    gaps.slice(0, 6).forEach((gap, i) => expect(gap, `attempt ${i + 2}`).toBeGreaterThanOrEqual(delays[i]! - 2));
    expect(errors[0]).toBe('the caster refused the credentials (401)');
  });

  it('decodes a chunked NTRIP 2 body whose chunks straddle TCP segments, with chunk extensions, byte for byte', async () => {
    const expected = capture();
    const caster = await fakeCaster((s, request) => {
      expect(request).toMatch(/^GET \/CHUNKY HTTP\/1\.1\r\n/);
      expect(request).toContain('Ntrip-Version: Ntrip/2.0\r\n');
      s.write('HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nContent-Type: gnss/data\r\nTransfer-Encoding: chunked\r\n\r\n');
      // chunks of 313 bytes, one with an extension, the whole written in slices of 97 bytes (cutting sizes and CRLFs)
      const parts: Buffer[] = [];
      for (let i = 0; i < expected.length; i += 313) {
        const piece = expected.subarray(i, i + 313);
        parts.push(Buffer.from(`${piece.length.toString(16)}${i === 313 ? ';ext=1' : ''}\r\n`, 'latin1'), piece, Buffer.from('\r\n'));
      }
      const wire = Buffer.concat(parts);
      let at = 0;
      const timer = setInterval(() => {
        if (at >= wire.length || s.destroyed) return clearInterval(timer);
        s.write(wire.subarray(at, at + 97));
        at += 97;
      }, 1);
    });
    stops.push(caster.close);
    const got: Buffer[] = [];
    const c = ntripClient({ host: '127.0.0.1', port: caster.port, mountpoint: 'CHUNKY', username: 'u', password: 'p', version: 2, resolve: local, log: silentLog, onData: (b) => got.push(Buffer.from(b)) });
    stops.push(() => c.stop());
    await eventually(() => Buffer.concat(got).length >= expected.length, 50);
    expect(Buffer.concat(got).equals(expected)).toBe(true);
    expect(c.state()).toMatchObject({ state: 'connected', error: null, bytes: expected.length });
  });
});

describe('through the gateway', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ ntripPort: 0, ntrip: { maxPerAccount: 2 }, customBrokerAllow: '127.0.0.1', ntripClient: { minBackoffMs: 100, maxBackoffMs: 500, ggaEveryMs: 300 } });
  });
  afterAll(async () => t?.close());

  it('sends a VRS mountpoint the rovers\' position as GGA with a valid checksum, every period', async () => {
    const caster = await fakeCaster((s) => s.write('ICY 200 OK\r\n'));
    stops.push(caster.close);
    const owner = await createUser(t.db);
    const rover = await createDevice(t.db, owner, 'rover');
    await t.db.query('UPDATE devices SET last_latitude = 38.9205, last_longitude = -77.0658, last_altitude = 57.5 WHERE id = $1', [rover.id]);
    const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id', [owner, 'VRS job']);
    await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    await t.db.query(
      `INSERT INTO project_ntrip_sources (project_id, host, port, mountpoint, username, password, version, send_gga) VALUES ($1, '127.0.0.1', $2, 'VRS3', 'u', 'p', 1, true)`,
      [p!.id, caster.port],
    );
    await t.gateway.ntripSources.refresh();
    await eventually(() => caster.connections.length === 1, 50);
    const conn = caster.connections[0]!;
    const stamps: number[] = [];
    let seen = 0;
    await eventually(() => {
      const lines = conn.received().split('\r\n').filter((l) => l.startsWith('$GPGGA'));
      for (; seen < lines.length; seen++) stamps.push(Date.now());
      return lines.length >= 5;
    }, 10);
    await t.db.query('DELETE FROM project_ntrip_sources WHERE project_id = $1', [p!.id]);
    await t.gateway.ntripSources.refresh();
    const lines = conn.received().split('\r\n').filter((l) => l.startsWith('$GPGGA'));
    for (const line of lines) {
      // nmea-simple refuses a sentence whose checksum does not match
      const gga = parseNmeaSentence(line) as GGAPacket;
      expect(gga.sentenceId).toBe('GGA');
      expect(gga.latitude).toBeCloseTo(38.9205, 6);
      expect(gga.longitude).toBeCloseTo(-77.0658, 6);
      expect(gga.altitudeMeters).toBeCloseTo(57.5, 2);
    }
    // the first with the request, then one each period (300 ms here, 10 s by default)
    const gaps = stamps.slice(2).map((s, i) => s - stamps[i + 1]!);
    for (const g of gaps) {
      expect(g).toBeGreaterThan(150);
      expect(g).toBeLessThan(600);
    }
  });

  it('caps the connections of one account: the next pull is refused, another account\'s is not', async () => {
    const port = t.gateway.caster!.port;
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const pull = async (user: string) => {
      const base = await createDevice(t.db, user, 'base');
      const rover = await createDevice(t.db, user, 'rover');
      const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [user, 'Cap', base.id]);
      await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
      return (v2: boolean) => {
        const s = net.connect(port, '127.0.0.1');
        let got = '';
        s.on('data', (d: Buffer) => (got += d.toString('latin1')));
        s.on('error', () => {});
        const auth = `Authorization: Basic ${Buffer.from(`${rover.code}:${rover.secret}`).toString('base64')}\r\n`;
        s.write(v2 ? `GET /${base.code} HTTP/1.1\r\nHost: x\r\nNtrip-Version: Ntrip/2.0\r\n${auth}\r\n` : `GET /${base.code} HTTP/1.0\r\n${auth}\r\n`);
        stops.push(() => s.destroy());
        return { got: () => got };
      };
    };
    const mine = await pull(owner);
    const a = mine(false);
    const b = mine(true);
    await eventually(() => a.got() && b.got());
    expect(a.got()).toBe('ICY 200 OK\r\n');
    expect(b.got()).toMatch(/^HTTP\/1\.1 200 OK/);
    const third = mine(false);
    const fourth = mine(true);
    await eventually(() => third.got() && fourth.got());
    expect(third.got()).toBe('ERROR - Too many connections\r\n');
    expect(fourth.got()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    const theirs = (await pull(other))(false);
    await eventually(() => theirs.got());
    expect(theirs.got()).toBe('ICY 200 OK\r\n');
  });

  it('pulls the product\'s own caster over NTRIP 2 (chunked) and relays the base\'s capture byte for byte to an MQTT rover', async () => {
    const owner = await createUser(t.db);
    const base = await createDevice(t.db, owner, 'base');
    await t.db.query('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3)', [owner, 'Home base', base.id]);
    // a second account's project takes the first's base as its "network", through an NTRIP credential
    const password = newDeviceSecret();
    await t.db.query('INSERT INTO ntrip_credentials (user_id, username, secret_hash, name) VALUES ($1, $2, $3, $4)', [owner, `ntrip-${base.code.slice(2, 12).toLowerCase()}`, await hashDeviceSecret(password), 'Partner']);
    const other = await createUser(t.db);
    const rover = await createDevice(t.db, other, 'rover');
    const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name) VALUES ($1, $2) RETURNING id', [other, 'Partner job']);
    await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
    const mqttRover = await connect(t.url, { username: rover.code, password: rover.secret });
    const got: Buffer[] = [];
    mqttRover.on('message', (_t, payload) => got.push(payload));
    await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);
    await t.db.query(
      `INSERT INTO project_ntrip_sources (project_id, host, port, mountpoint, username, password, version) VALUES ($1, '127.0.0.1', $2, $3, $4, $5, 2)`,
      [p!.id, t.gateway.caster!.port, base.code, `ntrip-${base.code.slice(2, 12).toLowerCase()}`, password],
    );
    await t.gateway.ntripSources.refresh();
    const state = () => t.gateway.ntripSources.states().get(`project:${p!.id}`);
    await eventually(() => state()?.state === 'connected', 50);
    // the credential's NTRIP 2 pull, which the caster answers chunked (caster.test checks the reply head)
    expect(t.gateway.caster!.connections().find((c) => c.mount === mountKey.base(base.code))).toMatchObject({ credential: true });

    const source = ntrip1Source(t.gateway.caster!.port, base.code, base.secret);
    await eventually(() => source.ready());
    const expected = capture();
    for (let i = 0; i < expected.length; i += 1000) source.socket.write(expected.subarray(i, i + 1000));
    await eventually(() => Buffer.concat(got).length >= expected.length, 50);
    expect(Buffer.concat(got).equals(expected)).toBe(true);
    source.socket.destroy();
    await mqttRover.endAsync();
    await t.db.query('DELETE FROM project_ntrip_sources WHERE project_id = $1', [p!.id]);
    await t.gateway.ntripSources.refresh();
  });
});

/** A base pushing with NTRIP 1 (`SOURCE secret /MOUNT`); ready once the caster said ICY 200 OK. */
function ntrip1Source(port: number, mount: string, secret: string) {
  const socket = net.connect(port, '127.0.0.1');
  let reply = '';
  socket.on('data', (d: Buffer) => (reply += d.toString('latin1')));
  socket.on('error', () => {});
  socket.write(`SOURCE ${secret} /${mount}\r\nSource-Agent: NTRIP test\r\n\r\n`);
  return { socket, ready: () => reply.startsWith('ICY 200 OK') };
}
