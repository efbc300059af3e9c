import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';

describe('user settings', () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    user = await h.verifiedUser();
  });
  afterAll(() => h.close());

  it('start at the defaults', async () => {
    const res = await user.agent.get('/api/user/settings').expect(200);
    expect(res.body).toEqual({
      success: true,
      Data: {
        system: { distanceUnit: 'CM', coordinatesUnit: 'DEGREES', baseStationCoordinates: 'AUTO', longitude: null, latitude: null },
        device: { samplingInterval: '1s', rtkCorrectionSource: 'BASE' },
        network: { mqttUrlType: 'Default', customMqttUrl: '' },
        map: { accuracyCircles: 'Show', provider: 'OpenStreetMap', theme: 'Light' },
        account: { notifications: 'ON' },
      },
    });
  });

  it('merge a partial {group:{key:value}} change and keep every other value', async () => {
    await user.agent.put('/api/user/settings').send({ system: { distanceUnit: 'FEET' } }).expect(200);
    const res = await user.agent.put('/api/user/settings').send({ map: { theme: 'Dark' }, device: { samplingInterval: '5s' } }).expect(200);
    expect(res.body.Data.system.distanceUnit).toBe('FEET');
    expect(res.body.Data.map).toEqual({ accuracyCircles: 'Show', provider: 'OpenStreetMap', theme: 'Dark' });
    expect(res.body.Data.device.samplingInterval).toBe('5s');
    expect((await user.agent.get('/api/user/settings')).body.Data).toEqual(res.body.Data);
  });

  it('keep both of two changes sent at the same time', async () => {
    await Promise.all([
      user.agent.put('/api/user/settings').send({ account: { notifications: 'OFF' } }),
      user.agent.put('/api/user/settings').send({ map: { accuracyCircles: 'Hide' } }),
      user.agent.put('/api/user/settings').send({ network: { mqttUrlType: 'Custom', customMqttUrl: 'mqtt://broker.example:1883' } }),
    ]);
    const data = (await user.agent.get('/api/user/settings')).body.Data;
    expect(data.account.notifications).toBe('OFF');
    expect(data.map.accuracyCircles).toBe('Hide');
    expect(data.network).toEqual({ mqttUrlType: 'Custom', customMqttUrl: 'mqtt://broker.example:1883' });
  });

  it.each([
    [{ system: { distanceUnit: 'MILES' } }, /^system\.distanceUnit: /],
    [{ system: { coordinatesUnit: 'RADIANS' } }, /^system\.coordinatesUnit: /],
    [{ system: { latitude: 91 } }, /^system\.latitude: /],
    [{ device: { samplingInterval: '3s' } }, /^device\.samplingInterval: /],
    [{ network: { customMqttUrl: 'javascript:alert(1)' } }, /^network\.customMqttUrl: /],
    [{ map: { provider: 'Google' } }, /^map\.provider: /],
    [{ map: { theme: 'dark' } }, /^map\.theme: /],
    [{ account: { notifications: true } }, /^account\.notifications: /],
    [{ colours: { theme: 'Dark' } }, /^Unknown field: colours$/],
    [{ map: { zoom: 3 } }, /^Unknown field: map\.zoom$/],
    [{}, /at least one settings group/],
  ])('refuse %j with 400 naming the field', async (patch, message) => {
    const before = (await user.agent.get('/api/user/settings')).body.Data;
    const res = await user.agent.put('/api/user/settings').send(patch).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
    expect((await user.agent.get('/api/user/settings')).body.Data).toEqual(before);
  });

  it('restore the defaults', async () => {
    const res = await user.agent.post('/api/user/settings/reset').expect(200);
    expect(res.body).toEqual({ success: true, message: 'Settings restored to defaults', Data: DEFAULT_SETTINGS });
    expect((await user.agent.get('/api/user/settings')).body.Data).toEqual(DEFAULT_SETTINGS);
  });

  it('belong to their owner only', async () => {
    const other = await h.verifiedUser();
    await user.agent.put('/api/user/settings').send({ map: { theme: 'Dark' } }).expect(200);
    expect((await other.agent.get('/api/user/settings')).body.Data.map.theme).toBe('Light');
  });
});
