import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { registerDevice, uniqueCode } from '../projects/survey-fixtures.js';

describe('devices: registration, the connected list and alerts', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let b: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann');
    b = await h.verifiedUser('Ben');
  });
  afterAll(() => h.close());

  it('registers the code the web client sends with a trailing space, trimmed, and finds it by _id or code', async () => {
    const code = uniqueCode('R');
    const res = await a.agent.post(`/api/devices/${encodeURIComponent(`${code} `)}`).send({ Name: ' Rover One ', Type: 'rover', Registered_User_Id: a.userId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Device registered successfully!' });
    expect(res.body.device).toMatchObject({
      DeviceCode: code,
      Name: 'Rover One',
      Type: 'rover',
      Status: false,
      Battery_Percentage: null,
      Signal_Strength: null,
      Last_Update: null,
      Registered_User_Id: a.userId,
      Connected: false,
    });
    expect(new Date(res.body.device.Registered_Date).toISOString()).toBe(res.body.device.Registered_Date);

    const byId = await a.agent.get(`/api/devices/${res.body.device._id}`).expect(200);
    const byCode = await a.agent.get(`/api/devices/${code}`).expect(200);
    expect(byId.body.device).toEqual(res.body.device);
    expect(byCode.body.device).toEqual(res.body.device);
    // the device object is also the reply itself, for readers that take the body as the device
    expect(byId.body.DeviceCode).toBe(code);
    expect((await a.agent.get(`/api/user/${a.userId}/registereddevices`).expect(200)).body.devices.map((d: { DeviceCode: string }) => d.DeviceCode)).toContain(code);
  });

  it('defaults the type to rover, reads BASE as base, and names each missing field with its message', async () => {
    expect((await a.agent.post(`/api/devices/${uniqueCode()}`).send({ Name: 'x' }).expect(201)).body.device.Type).toBe('rover');
    expect((await a.agent.post(`/api/devices/${uniqueCode()}`).send({ Name: 'y', Type: 'BASE' }).expect(201)).body.device.Type).toBe('base');
    expect((await a.agent.post('/api/devices/%20').send({ Name: 'z' }).expect(400)).body).toEqual({
      success: false,
      message: 'deviceId: Device ID is required',
    });
    expect((await a.agent.post(`/api/devices/${uniqueCode()}`).send({ Name: '   ' }).expect(400)).body.message).toBe('Name: Device name is required');
    expect((await a.agent.post(`/api/devices/${uniqueCode()}`).send({}).expect(400)).body.message).toBe('Name: Device name is required');
    expect((await a.agent.post(`/api/devices/${uniqueCode()}`).send({ Name: 'x', Type: 'drone' }).expect(400)).body.message).toBe('Type: Type must be rover or base');
  });

  it('refuses codes that could act as MQTT wildcards or topic levels, and codes over 64 characters', async () => {
    for (const bad of ['ROVER+1', 'ROVER#', 'a/b', 'sp ace', 'x'.repeat(65)]) {
      const res = await a.agent.post(`/api/devices/${encodeURIComponent(bad)}`).send({ Name: 'bad' });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/^deviceId: Device ID/);
    }
    expect((await h.db.query(`SELECT count(*)::int AS n FROM devices WHERE name = 'bad'`))[0]).toEqual({ n: 0 });
  });

  it('refuses a code registered to any account with 409, even when two accounts try at the same moment', async () => {
    const code = uniqueCode('TWIN');
    const [first, second] = await Promise.all([
      a.agent.post(`/api/devices/${code}`).send({ Name: 'mine' }),
      b.agent.post(`/api/devices/${code}`).send({ Name: 'yours' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body).toEqual({ success: false, message: 'This device is already registered' });
    expect((await a.agent.post(`/api/devices/${code}`).send({ Name: 'again' })).status).toBe(409);
  });

  it('registers only to the signed-in account', async () => {
    const code = uniqueCode();
    const res = await a.agent.post(`/api/devices/${code}`).send({ Name: 'x', Registered_User_Id: b.userId });
    expect(res.status).toBe(404);
    expect((await h.db.query('SELECT 1 FROM devices WHERE code = $1', [code])).length).toBe(0);
  });

  it('checks, connects and disconnects a device: check reads existence and the connected list only', async () => {
    const device = await registerDevice(a.agent, 'rover', false);
    const check = () => a.agent.get(`/api/devices/${device.DeviceCode}/check`).expect(200);
    expect((await check()).body).toEqual({ success: true, exists: true, isInUse: false });
    expect((await a.agent.get(`/api/devices/${uniqueCode()}/check`).expect(200)).body).toEqual({ success: true, exists: false, isInUse: false });
    // another account's device reads as not existing, and cannot be connected
    expect((await b.agent.get(`/api/devices/${device.DeviceCode}/check`).expect(200)).body).toEqual({ success: true, exists: false, isInUse: false });
    expect((await b.agent.post(`/api/user/${b.userId}/add-device`).send({ DeviceCode: device.DeviceCode }).expect(404)).body).toEqual({
      success: false,
      message: 'Device not found',
    });

    // typed in the other letter case (as read off a label), with spaces: it is the same device
    const otherCase = [...device.DeviceCode].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    expect(otherCase).not.toBe(device.DeviceCode);
    expect((await a.agent.get(`/api/devices/${otherCase}/check`).expect(200)).body).toEqual({ success: true, exists: true, isInUse: false });
    const added = await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: ` ${otherCase} ` }).expect(200);
    expect(added.body).toMatchObject({ success: true, message: 'Device connected successfully!', device: { _id: device._id, Connected: true } });
    expect((await check()).body).toEqual({ success: true, exists: true, isInUse: true });
    expect((await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: device.DeviceCode }).expect(409)).body.message).toBe(
      'This device is already connected to a project',
    );
    const connected = await a.agent.get(`/api/user/${a.userId}/devices`).expect(200);
    expect(connected.body.connectedDevices.map((d: { _id: string }) => d._id)).toContain(device._id);

    // remove-device takes it off the connected list; the registration stays and it can be connected again
    const removed = await a.agent.delete(`/api/user/${a.userId}/remove-device`).send({ deviceId: device._id }).expect(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Device removed successfully!' });
    expect((await a.agent.get(`/api/user/${a.userId}/devices`)).body.connectedDevices.map((d: { _id: string }) => d._id)).not.toContain(device._id);
    expect((await a.agent.get(`/api/user/${a.userId}/registereddevices`)).body.devices.map((d: { _id: string }) => d._id)).toContain(device._id);
    await a.agent.delete(`/api/user/${a.userId}/remove-device`).send({ deviceId: device._id }).expect(404);
    await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: device.DeviceCode }).expect(200);
    expect((await a.agent.post(`/api/user/${a.userId}/add-device`).send({ DeviceCode: '  ' }).expect(400)).body.message).toBe(
      'DeviceCode: Please enter a device ID',
    );
  });

  it('lists connected base stations and client devices by type, and alerts on offline, battery <= 25 and signal <= 25', async () => {
    const c = await h.verifiedUser('Cy');
    const base = await registerDevice(c.agent, 'base');
    const healthy = await registerDevice(c.agent, 'rover');
    const weak = await registerDevice(c.agent, 'rover');
    const offline = await registerDevice(c.agent, 'rover');
    const unconnected = await registerDevice(c.agent, 'rover', false);
    // the gateway keeps these columns; here they are set as it would
    const set = (id: string, online: boolean, battery: number | null, signal: number | null) =>
      h.db.query('UPDATE devices SET online = $2, battery = $3, signal = $4, last_update = now() WHERE id = $1', [id, online, battery, signal]);
    await set(base._id, true, 26, 26);
    await set(healthy._id, true, 90, 80);
    await set(weak._id, true, 25, 10);
    await set(offline._id, false, null, null);
    await set(unconnected._id, false, 5, 5);

    const ids = (list: { _id: string }[]) => list.map((d) => d._id).sort();
    expect(ids((await c.agent.get(`/api/user/${c.userId}/devices/base-stations`).expect(200)).body.connectedDevices)).toEqual([base._id]);
    expect(ids((await c.agent.get(`/api/user/${c.userId}/devices/client-devices`).expect(200)).body.connectedDevices)).toEqual(
      [healthy._id, weak._id, offline._id].sort(),
    );

    const alerts = (await c.agent.get(`/api/user/${c.userId}/device-alerts`).expect(200)).body;
    expect(alerts.success).toBe(true);
    const byId = new Map(alerts.devices.map((d: { _id: string; Alerts: { type: string }[] }) => [d._id, d.Alerts.map((x) => x.type)]));
    expect([...byId.keys()].sort()).toEqual([weak._id, offline._id].sort());
    expect(byId.get(weak._id)).toEqual(['low-battery', 'weak-signal']);
    expect(byId.get(offline._id)).toEqual(['offline']);
    const weakRow = alerts.devices.find((d: { _id: string }) => d._id === weak._id);
    expect(weakRow).toMatchObject({ DeviceCode: weak.DeviceCode, Battery_Percentage: 25, Signal_Strength: 10, Status: true });
    expect(weakRow.Details).toBe('Low battery (25%); Weak signal (10%)');
  });
});
