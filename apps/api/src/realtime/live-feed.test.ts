import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, publish, recorder, startLiveHarness, subscribe, type LiveHarness } from './live-harness.js';

const run = promisify(execFile);
// real receiver output (NovAtel OEM manual): an RTK float fix with 40 satellites, then its error statistics
const GGA = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';
const GST = '$GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031*6A';
const GGA_DGPS = '$GPGGA,134658.00,5106.9792,N,11402.3003,W,2,09,1.0,1048.47,M,-16.27,M,08,AAAA*60';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(() => h.close());

function mosquittoPub(device: { code: string; secret: string }, message: string, password = device.secret) {
  const { port } = new URL(h.mqttUrl);
  return run('mosquitto_pub', ['-h', '127.0.0.1', '-p', port, '-u', device.code, '-P', password, '-i', 'field-unit', '-q', '1', '-t', `devices/${device.code}/nmea`, '-m', message]);
}

describe('live readings reach the owner\'s browser', () => {
  it('NMEA published with mosquitto_pub arrives parsed as device-data; another account gets nothing', async () => {
    const owner = await h.owner('Owner');
    const stranger = await h.owner('Stranger');
    const rover = await h.device(owner, 'rover', 'North rover');
    const mine = h.socket(owner.cookie);
    const theirs = h.socket(stranger.cookie);
    await Promise.all([connected(mine), connected(theirs)]);
    const ownerFeed = recorder(mine);
    const strangerFeed = recorder(theirs);
    expect(await subscribe(mine, rover.code)).toEqual({ success: true, devices: [rover.code], refused: [] });
    expect(await subscribe(theirs, rover.code)).toMatchObject({ success: false, devices: [], refused: [rover.code] });
    expect(strangerFeed.errors).toEqual([{ message: `Device not found: ${rover.code}`, device: rover.code }]);

    await mosquittoPub(rover, `${GGA}\r\n${GST}`);
    const { event, reading } = await ownerFeed.next((e) => e.reading.deviceCode === rover.code);
    expect(event).toBe('device-data');
    expect(reading).toMatchObject({
      deviceName: 'North rover',
      deviceType: 'rover',
      latitude: expect.closeTo(51.150437, 5),
      longitude: expect.closeTo(-114.030678, 5),
      fixType: 'rtk-float',
      satellites: 40,
      accuracy: expect.closeTo(0.0305, 3),
    });
    // a second reading reaches the owner too; by then the stranger would have had the first
    await mosquittoPub(rover, GGA_DGPS);
    await ownerFeed.next((e) => e.reading.fixType === 'dgps');
    expect(strangerFeed.got).toEqual([]);
  });

  it('a wrong password is refused by the broker (mosquitto_pub fails) and nothing arrives', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const socket = h.socket(owner.cookie);
    await connected(socket);
    const feed = recorder(socket);
    await subscribe(socket, rover.code);
    await expect(mosquittoPub(rover, GGA, 'not-the-secret')).rejects.toMatchObject({ code: expect.any(Number) });
    await mosquittoPub(rover, GGA_DGPS);
    await feed.next((e) => e.reading.fixType === 'dgps');
    expect(feed.got.filter((e) => e.reading.fixType === 'rtk-float')).toEqual([]);
  });

  it('on the survey map, rovers come as live and the base as corrections (published with MQTT.js)', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner, 'rover');
    const base = await h.device(owner, 'base', 'Base');
    const socket = h.socket(owner.cookie);
    await connected(socket);
    const feed = recorder(socket);
    expect(await subscribe(socket, { rovers: [rover.code], base: base.id })).toMatchObject({ success: true, devices: [rover.code, base.code] });
    await publish(h.mqttUrl, rover, 'nmea', GGA);
    await publish(h.mqttUrl, base, 'reading', JSON.stringify({ latitude: 6.615, longitude: 79.968074, fixType: 'single' }));
    expect((await feed.next((e) => e.reading.deviceCode === rover.code)).event).toBe('live');
    expect((await feed.next((e) => e.reading.deviceCode === base.code)).event).toBe('corrections');
  });

  it('a new subscriber gets the latest reading of the device at once', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    await publish(h.mqttUrl, rover, 'nmea', GGA_DGPS);
    // wait until the feed has it: a first subscriber sees it arrive
    const first = h.socket(owner.cookie);
    await connected(first);
    const firstFeed = recorder(first);
    await subscribe(first, rover.code);
    await firstFeed.next((e) => e.reading.deviceCode === rover.code);
    const later = h.socket(owner.cookie);
    await connected(later);
    const laterFeed = recorder(later);
    await subscribe(later, rover.code);
    expect((await laterFeed.next((e) => e.reading.deviceCode === rover.code)).reading).toMatchObject({ fixType: 'dgps', satellites: 9 });
  });
});

describe('who may open the realtime feed', () => {
  const refusal = (s: ReturnType<LiveHarness['socket']>) => connected(s).then(() => 'connected', (err: Error) => err.message);

  it('refuses a handshake without a session cookie', async () => {
    expect(await refusal(h.socket(undefined))).toBe('Not authorized. Log in again.');
  });

  it('refuses a handshake from another site\'s page', async () => {
    const owner = await h.owner();
    expect(await refusal(h.socket(owner.cookie, { origin: 'https://evil.example' }))).not.toBe('connected');
    expect(await refusal(h.socket(owner.cookie))).toBe('connected');
  });

  it('disconnects the user\'s sockets when the session ends (logout), and recovery is refused', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const socket = h.socket(owner.cookie, { reconnection: true });
    await connected(socket);
    await subscribe(socket, rover.code);
    const reason = new Promise((ok) => socket.once('disconnect', ok));
    await fetch(`${h.url}/api/auth/logout`, { method: 'POST', headers: { cookie: owner.cookie } });
    expect(await reason).toBe('io server disconnect');
    // the same cookie cannot come back
    expect(await refusal(h.socket(owner.cookie))).toBe('Not authorized. Log in again.');
  });

  it('checks the session again when a dropped connection recovers its state, and then sends the latest readings', async () => {
    const owner = await h.owner();
    const rover = await h.device(owner);
    const socket = h.socket(owner.cookie, { reconnection: true });
    await connected(socket);
    const feed = recorder(socket);
    await subscribe(socket, rover.code);
    await publish(h.mqttUrl, rover, 'nmea', GGA_DGPS);
    await feed.next((e) => e.reading.deviceCode === rover.code);
    // the network drops (not a clean disconnect): socket.io reconnects and recovers the session
    feed.got.length = 0;
    const back = new Promise<boolean>((ok) => socket.once('connect', () => ok(socket.recovered)));
    socket.io.engine.close();
    expect(await back).toBe(true);
    expect((await feed.next((e) => e.reading.deviceCode === rover.code)).reading).toMatchObject({ fixType: 'dgps' });

    // the connection drops again, and the user logs out before it comes back: the recovery is refused
    socket.io.reconnection(false);
    const dropped = new Promise((ok) => socket.once('disconnect', ok));
    socket.io.engine.close();
    await dropped;
    await fetch(`${h.url}/api/auth/logout`, { method: 'POST', headers: { cookie: owner.cookie } });
    const refused = new Promise<string>((ok) => {
      socket.once('connect_error', (e) => ok(e.message));
      socket.once('connect', () => ok('recovered without a session'));
    });
    socket.connect();
    expect(await refused).toBe('Not authorized. Log in again.');
    expect(socket.connected).toBe(false);
  });
});
