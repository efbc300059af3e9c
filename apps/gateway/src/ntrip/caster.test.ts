import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountKey, chunk } from '@smi/ntrip';
import { splitRtcmFrames } from '@smi/rtcm';
import { connect, createDevice, createUser, eventually } from '../testing/fixtures.js';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness.js';
import { basic, capture, hasStr2str, ntrip1Get, ntrip2Get, rawNtrip, str2str } from './testing/helpers.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestGateway;
let port: number;
let dir: string;
let owner: string;
const SOURCE_TIMEOUT_MS = 1500;

beforeAll(async () => {
  t = await startTestGateway({ ntripPort: 0, ntrip: { sourceTimeoutMs: SOURCE_TIMEOUT_MS, clientQueueBytes: 128 * 1024 } });
  port = t.gateway.caster!.port;
  dir = mkdtempSync(join(tmpdir(), 'ntrip-'));
  owner = await createUser(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A base and a rover of one Active project of `owner`. */
async function baseAndRover(user = owner) {
  const base = await createDevice(t.db, user, 'base', 'USNO base');
  const rover = await createDevice(t.db, user, 'rover');
  const [p] = await t.db.query<{ id: string }>('INSERT INTO projects (owner_id, name, base_station_id) VALUES ($1, $2, $3) RETURNING id', [user, 'Survey', base.id]);
  await t.db.query('INSERT INTO project_devices (project_id, device_id) VALUES ($1, $2)', [p!.id, rover.id]);
  return { base, rover, projectId: p!.id };
}

const clientsOn = (code: string) => t.gateway.caster!.connections().filter((c) => c.mount === mountKey.base(code)).length;
const sourceLive = (code: string) => t.gateway.caster!.sourceLive(mountKey.base(code));

describe.skipIf(!hasStr2str)('with RTKLIB str2str', () => {
  it('NTRIP 1: a base pushing a real capture with str2str reaches a str2str rover byte for byte', async () => {
    const { base, rover } = await baseAndRover();
    const got = join(dir, 'got-v1.rtcm3');
    const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${port}/${base.code}`, '-out', `file://${got}`]);
    await eventually(() => clientsOn(base.code) === 1, 50);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${port}/${base.code}`]);
    await eventually(() => sourceLive(base.code), 50);
    const expected = capture();
    push.write(expected);
    await eventually(() => existsSync(got) && statSync(got).size >= expected.length, 50);
    await Promise.all([push.stop(), pull.stop()]);
    expect(readFileSync(got).equals(expected)).toBe(true);
  });

  it('NTRIP 2: a chunked upload reaches an NTRIP 2 rover (chunked) and a str2str NTRIP 1 rover byte for byte', async () => {
    const { base, rover } = await baseAndRover();
    const got = join(dir, 'got-v2.rtcm3');
    const pull1 = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${port}/${base.code}`, '-out', `file://${got}`]);
    const pull2 = ntrip2Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 2 && pull2.hasHead(), 50);
    expect(pull2.head()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(pull2.head()).toContain('Ntrip-Version: Ntrip/2.0');
    expect(pull2.head()).toContain('Transfer-Encoding: chunked');

    const source = rawNtrip(
      port,
      `POST /${base.code} HTTP/1.1\r\nHost: 127.0.0.1\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP test/2.0\r\nAuthorization: ${basic(base.code, base.secret)}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    await eventually(() => source.hasHead());
    expect(source.head()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(source.head()).toContain('Ntrip-Version: Ntrip/2.0');
    // chunks of odd sizes, not aligned with frames
    const expected = capture();
    for (let i = 0; i < expected.length; i += 777) source.socket.write(chunk(expected.subarray(i, i + 777)));
    await eventually(() => pull2.body().length >= expected.length && existsSync(got) && statSync(got).size >= expected.length, 50);
    await pull1.stop();
    expect(pull2.body().equals(expected)).toBe(true);
    expect(readFileSync(got).equals(expected)).toBe(true);
    source.socket.destroy();
    pull2.socket.destroy();
  });

  it('a base that goes silent is dropped after the timeout, and the same base reconnecting with str2str is served', async () => {
    const { base, rover } = await baseAndRover();
    const silent = rawNtrip(port, `SOURCE ${base.secret} /${base.code} HTTP/1.1\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => silent.hasHead());
    expect(silent.head()).toBe('ICY 200 OK\r\n');
    silent.socket.write(capture().subarray(0, 500));
    // while it is live, a second source on the mountpoint is refused
    const second = rawNtrip(port, `SOURCE ${base.secret} ${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => second.closed());
    expect(second.all()).toBe('ERROR - Mount Point Taken or Invalid\r\n');
    // then it says nothing: the caster drops it
    await eventually(() => silent.closed(), 50);

    const got = join(dir, 'got-reconnect.rtcm3');
    const pull = str2str(['-in', `ntrip://${rover.code}:${rover.secret}@127.0.0.1:${port}/${base.code}`, '-out', `file://${got}`]);
    await eventually(() => clientsOn(base.code) === 1, 50);
    const push = str2str(['-out', `ntrips://:${base.secret}@127.0.0.1:${port}/${base.code}`]);
    await eventually(() => sourceLive(base.code), 50);
    const expected = capture();
    push.write(expected);
    await eventually(() => existsSync(got) && statSync(got).size >= expected.length, 50);
    await Promise.all([push.stop(), pull.stop()]);
    expect(readFileSync(got).equals(expected)).toBe(true);
  });
});

describe('access', () => {
  it('answers 401 to a wrong secret, for a rover and for a base', async () => {
    const { base, rover } = await baseAndRover();
    const wrong = ntrip1Get(port, base.code, rover.code, `${rover.secret}x`);
    await eventually(() => wrong.closed());
    expect(wrong.all()).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n/);
    const wrong2 = ntrip2Get(port, base.code, rover.code, 'nope');
    await eventually(() => wrong2.closed());
    expect(wrong2.all()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    const source = rawNtrip(port, `SOURCE wrong /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => source.closed());
    expect(source.all()).toBe('ERROR - Bad Password\r\n');
    const post = rawNtrip(port, `POST /${base.code} HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: ${basic(base.code, 'wrong')}\r\n\r\n`);
    await eventually(() => post.closed());
    expect(post.all()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
  });

  it('answers a user name or password holding NUL like any wrong login (401), for a pull and a push', async () => {
    const { base, rover } = await baseAndRover();
    const replies: string[] = [];
    for (const [user, password] of [[`${rover.code}\u0000`, rover.secret], [rover.code, `${rover.secret}\u0000`], ['ntrip-\u0000', 'x']]) {
      const pull = rawNtrip(port, `GET /${base.code} HTTP/1.0\r\nAuthorization: ${basic(user!, password!)}\r\n\r\n`);
      await eventually(() => pull.closed());
      replies.push(pull.all());
    }
    const missing = ntrip1Get(port, base.code, 'NO-SUCH-ROVER', 'x');
    await eventually(() => missing.closed());
    expect(replies).toEqual([missing.all(), missing.all(), missing.all()]);
    expect(missing.all()).toMatch(/^HTTP\/1\.0 401 Unauthorized\r\n/);
    const post = rawNtrip(port, `POST /${base.code} HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: ${basic(`${base.code}\u0000`, base.secret)}\r\n\r\n`);
    await eventually(() => post.closed());
    expect(post.all()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    // the rover with its own secret still gets in
    const ok = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => ok.hasHead());
    expect(ok.all()).toMatch(/^ICY 200 OK\r\n/);
    ok.socket.destroy();
  });

  it('refuses a foreign account\'s rover exactly like a missing mountpoint, and lists only what a rover may pull', async () => {
    const { base, rover } = await baseAndRover();
    const other = await createUser(t.db, 'Other surveyor');
    const { rover: foreignRover, base: foreignBase } = await baseAndRover(other);
    const foreign = ntrip1Get(port, base.code, foreignRover.code, foreignRover.secret);
    const missing = ntrip1Get(port, 'NO-SUCH-BASE', foreignRover.code, foreignRover.secret);
    await eventually(() => foreign.closed() && missing.closed());
    expect(foreign.all()).toMatch(/^HTTP\/1\.0 401/);
    expect(foreign.all()).toBe(missing.all());

    // the sourcetable after the base has sent something: its STR from the RTCM (types, GPS, 1006's position)
    const push = rawNtrip(port, `SOURCE ${base.secret} ${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => push.hasHead());
    push.socket.write(capture());
    await eventually(() => sourceLive(base.code));
    const table = rawNtrip(port, `GET / HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: ${basic(rover.code, rover.secret)}\r\n\r\n`);
    await eventually(() => table.closed());
    const text = table.all();
    expect(text).toMatch(/^SOURCETABLE 200 OK\r\n/);
    const length = Number(/Content-Length: (\d+)/.exec(text)![1]);
    const tableBody = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(Buffer.byteLength(tableBody)).toBe(length);
    expect(tableBody.endsWith('ENDSOURCETABLE\r\n')).toBe(true);
    const str = tableBody.split('\r\n').find((l) => l.startsWith(`STR;${base.code};`))!.split(';');
    expect(str).toHaveLength(19);
    expect(str[4]).toMatch(/^1004.*,1006.*,1008/);
    expect(str[5]).toBe('2');
    expect(str[6]).toBe('GPS');
    // gpsd's decoding of 1006: X 1112189.9000 Y -4842955.0001 Z 3985352.2000 (USNO, Washington DC)
    expect(Number(str[9])).toBeCloseTo(38.92, 1);
    expect(Number(str[10])).toBeCloseTo(-77.07, 1);
    expect(tableBody).not.toContain(foreignBase.code);
    const foreignTable = rawNtrip(port, `GET / HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: ${basic(foreignRover.code, foreignRover.secret)}\r\n\r\n`);
    await eventually(() => foreignTable.closed());
    expect(foreignTable.all()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(foreignTable.all()).toContain(`STR;${foreignBase.code};`);
    expect(foreignTable.all()).not.toContain(base.code);
    push.socket.destroy();
  });

  it('answers garbage and oversized lines with 400 and a close, and keeps serving', async () => {
    const garbage = rawNtrip(port, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]));
    const long = rawNtrip(port, `GET /${'A'.repeat(5000)} HTTP/1.0\r\n`);
    const bad = rawNtrip(port, 'DELETE /X HTTP/1.1\r\n\r\n');
    await eventually(() => garbage.closed() && long.closed() && bad.closed());
    for (const r of [garbage, long, bad]) expect(r.all()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const table = rawNtrip(port, 'GET / HTTP/1.0\r\nUser-Agent: NTRIP test\r\n\r\n');
    await eventually(() => table.closed());
    expect(table.all()).toMatch(/^SOURCETABLE 200 OK[\s\S]*\r\n\r\nENDSOURCETABLE\r\n$/);
  });
});

describe('streams', () => {
  it('drops a slow client while the others keep receiving everything', async () => {
    const { base, rover } = await baseAndRover();
    const fast = ntrip1Get(port, base.code, rover.code, rover.secret);
    const slow = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 2);
    slow.socket.pause();
    const source = rawNtrip(port, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => source.hasHead());
    // the source sends a capture at a time, as fast as the fast client takes it, until the paused one has more
    // waiting than the caster allows (past what the loopback socket buffers hold)
    const one = capture();
    const dropped = t.gateway.caster!.counters.clientsDropped;
    let rounds = 0;
    while (t.gateway.caster!.counters.clientsDropped === dropped && rounds < 5000) {
      source.socket.write(one);
      rounds++;
      await eventually(() => fast.bodyLength() >= one.length * rounds, 5);
    }
    expect(fast.body().equals(Buffer.concat(Array.from({ length: rounds }, () => one)))).toBe(true);
    expect(t.gateway.caster!.counters.clientsDropped).toBe(dropped + 1);
    // the slow one was cut off: once it reads again it finds the connection closed, short of the stream
    slow.socket.resume();
    await eventually(() => slow.closed());
    expect(slow.body().length).toBeLessThan(one.length * rounds);
    source.socket.destroy();
    fast.socket.destroy();
  });

  it('writes a client still draining after the others: it gets every burst in order, NTRIP 2 as one chunk a burst', async () => {
    const { base, rover } = await baseAndRover();
    const fast = ntrip1Get(port, base.code, rover.code, rover.secret);
    const v2 = ntrip2Get(port, base.code, rover.code, rover.secret);
    // the same NTRIP 2 pull read as it comes over the wire, chunk framing and all
    const v2Wire = rawNtrip(port, `GET /${base.code} HTTP/1.1\r\nHost: 127.0.0.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: ${basic(rover.code, rover.secret)}\r\n\r\n`);
    const slow = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 4);
    expect(t.gateway.caster!.connections().filter((c) => c.mount === mountKey.base(base.code)).map((c) => [c.ageMs, c.bytes])).toEqual(Array(4).fill([null, 0]));
    slow.socket.pause();
    const source = rawNtrip(port, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => source.hasHead());
    // bursts (the capture, its frames turned round each time) until the paused client has bytes waiting in the
    // caster, past what the socket buffers hold: then it has at most one burst waiting, far from the queue's limit
    const frames = splitRtcmFrames(capture()).frames;
    const { clientsBehind, clientsDropped } = t.gateway.caster!.counters;
    const bursts: Buffer[] = [];
    let sent = 0;
    while (t.gateway.caster!.counters.clientsBehind === clientsBehind && bursts.length < 5000) {
      const at = bursts.length % frames.length;
      const burst = Buffer.concat([...frames.slice(at), ...frames.slice(0, at)]);
      bursts.push(burst);
      sent += burst.length;
      source.socket.write(burst);
      await eventually(() => fast.bodyLength() >= sent && v2.bodyLength() >= sent, 5);
    }
    expect(t.gateway.caster!.counters.clientsBehind).toBeGreaterThan(clientsBehind);
    expect(t.gateway.caster!.counters.clientsDropped).toBe(clientsDropped);
    const all = Buffer.concat(bursts);
    const mine = t.gateway.caster!.connections().filter((c) => c.mount === mountKey.base(base.code));
    expect(mine.map((c) => c.bytes)).toEqual(Array(4).fill(all.length));
    expect(mine.every((c) => c.ageMs !== null && c.ageMs >= 0)).toBe(true);
    slow.socket.resume();
    await eventually(() => slow.bodyLength() >= all.length && v2Wire.bodyLength() >= all.length);
    for (const r of [fast, v2, slow]) expect(r.body().equals(all)).toBe(true);
    expect(v2Wire.body().equals(Buffer.concat(bursts.map((b) => chunk(b))))).toBe(true);

    // one that joins now is counted what it is sent from then on
    const late = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 5);
    source.socket.write(bursts[0]!);
    await eventually(() => late.bodyLength() >= bursts[0]!.length && fast.bodyLength() >= all.length + bursts[0]!.length);
    const bytes = t.gateway.caster!.connections().filter((c) => c.mount === mountKey.base(base.code)).map((c) => c.bytes);
    expect(bytes).toEqual([...Array(4).fill(all.length + bursts[0]!.length), bursts[0]!.length]);
    for (const r of [source, fast, v2, v2Wire, slow, late]) r.socket.destroy();
  });

  it('relays only CRC-valid frames: a corrupted frame in the stream is not passed on', async () => {
    const { base, rover } = await baseAndRover();
    const pull = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 1);
    const frames = splitRtcmFrames(capture()).frames.slice(0, 20);
    const bad = Buffer.from(frames[5]!);
    bad[10]! ^= 0xff;
    const source = rawNtrip(port, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => source.hasHead());
    source.socket.write(Buffer.concat([Buffer.from('junk\r\n'), ...frames.slice(0, 5), bad, ...frames.slice(6)]));
    const expected = Buffer.concat([...frames.slice(0, 5), ...frames.slice(6)]);
    await eventually(() => pull.body().length >= expected.length);
    expect(pull.body().equals(expected)).toBe(true);
    source.socket.destroy();
    pull.socket.destroy();
  });

  it('feeds the MQTT relay from an NTRIP base, and NTRIP rovers from an MQTT base', async () => {
    const { base, rover } = await baseAndRover();
    const mqttRover = await connect(t.url, { username: rover.code, password: rover.secret });
    const overMqtt: Buffer[] = [];
    mqttRover.on('message', (_topic, payload) => overMqtt.push(payload));
    await mqttRover.subscribeAsync(`devices/${rover.code}/corrections`);
    const source = rawNtrip(port, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => source.hasHead());
    const frames = splitRtcmFrames(capture()).frames.slice(0, 10);
    source.socket.write(Buffer.concat(frames));
    await eventually(() => Buffer.concat(overMqtt).length >= Buffer.concat(frames).length);
    expect(Buffer.concat(overMqtt).equals(Buffer.concat(frames))).toBe(true);
    source.socket.destroy();

    // a base publishing over MQTT feeds NTRIP rovers of the same mountpoint
    const pull = ntrip1Get(port, base.code, rover.code, rover.secret);
    await eventually(() => clientsOn(base.code) === 1);
    const mqttBase = await connect(t.url, { username: base.code, password: base.secret });
    for (const f of frames) await mqttBase.publishAsync(`devices/${base.code}/rtcm`, f);
    await eventually(() => pull.body().length >= Buffer.concat(frames).length);
    expect(pull.body().equals(Buffer.concat(frames))).toBe(true);
    await Promise.all([mqttRover.endAsync(), mqttBase.endAsync()]);
    pull.socket.destroy();
  });

  it('refuses an NTRIP source while the base\'s corrections come over MQTT: two streams on one mountpoint would mix', async () => {
    const { base } = await baseAndRover();
    const mqttBase = await connect(t.url, { username: base.code, password: base.secret });
    await mqttBase.publishAsync(`devices/${base.code}/rtcm`, splitRtcmFrames(capture()).frames[0]!, { qos: 1 });
    await eventually(() => sourceLive(base.code));
    const second = rawNtrip(port, `SOURCE ${base.secret} /${base.code}\r\nSource-Agent: NTRIP test\r\n\r\n`);
    await eventually(() => second.closed());
    expect(second.all()).toBe('ERROR - Mount Point Taken or Invalid\r\n');
    await mqttBase.endAsync();
  });

  it('caps connections per address', async () => {
    const capped = await startTestGateway({ ntripPort: 0, ntrip: { maxPerAddress: 2 } });
    try {
      const p = capped.gateway.caster!.port;
      const a = net.connect(p, '127.0.0.1');
      const b = net.connect(p, '127.0.0.1');
      await eventually(() => a.readyState === 'open' && b.readyState === 'open');
      const third = rawNtrip(p, 'GET / HTTP/1.0\r\n\r\n');
      await eventually(() => third.closed());
      expect(third.all()).toMatch(/^HTTP\/1\.1 503/);
      a.destroy();
      b.destroy();
    } finally {
      await capped.close();
    }
  });
});
