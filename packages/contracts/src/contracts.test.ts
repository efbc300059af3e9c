import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_SETTINGS,
  describeIssues,
  endpoints,
  measurementSettings,
  mergeSettings,
  pathFor,
  recordPointBody,
  registerBody,
  settingsPatch,
} from './index.js';

describe('the shared contracts', () => {
  it('turn a zod error into one line naming the field', () => {
    const r = registerBody.safeParse({ name: 'A', email: 'nope', password: 'secret-1' });
    expect(r.success).toBe(false);
    expect(describeIssues(r.error!)).toBe('email: email must be a valid e-mail address');
    const extra = registerBody.safeParse({ name: 'A', email: 'a@b.co', password: 'secret-1', role: 'admin' });
    expect(describeIssues(extra.error!)).toBe('Unknown field: role');
    const nested = settingsPatch.safeParse({ map: { zoom: 3 } });
    expect(describeIssues(nested.error!)).toBe('Unknown field: map.zoom');
    expect(describeIssues(z.object({ id: z.string() }).safeParse({}).error!, 'path')).toMatch(/^id: /);
  });

  it('normalise an e-mail and refuse text PostgreSQL cannot store', () => {
    expect(registerBody.parse({ name: ' Ann ', email: ' Ann@Example.COM ', password: 'secret-1' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret-1',
    });
    expect(registerBody.safeParse({ name: 'A\u0000', email: 'a@b.co', password: 'secret-1' }).success).toBe(false);
  });

  it('merge a settings patch group by group and keep the rest', () => {
    const patch = settingsPatch.parse({ map: { theme: 'Dark' } });
    const merged = mergeSettings(DEFAULT_SETTINGS, patch);
    expect(merged.map).toEqual({ ...DEFAULT_SETTINGS.map, theme: 'Dark' });
    expect(merged.system).toEqual(DEFAULT_SETTINGS.system);
    expect(settingsPatch.safeParse({ system: { distanceUnit: 'MILES' } }).success).toBe(false);
  });

  it('read a point with defaults that never lose it: blank section is default, epoch ms become ISO', () => {
    const p = recordPointBody.parse({
      ProjectId: '0b0a7b5e-8a1e-4c1e-9d8e-3f3e8f1a2b3c',
      Latitude: -33.5,
      Longitude: 151.2,
      Timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
      Section: '  ',
    });
    expect(p.Section).toBe('default');
    expect(p.Timestamp).toBe('2026-01-02T03:04:05.000Z');
    expect(p.Accuracy).toBeNull();
    expect(recordPointBody.safeParse({ ProjectId: '0b0a7b5e-8a1e-4c1e-9d8e-3f3e8f1a2b3c', Latitude: 90.5, Longitude: 0 }).success).toBe(false);
  });

  it('fill an endpoint path with encoded values and refuse a missing one', () => {
    expect(pathFor('/api/points/:projectId/:pointId/rename', { projectId: 'a b', pointId: 'x/y' })).toBe('/api/points/a%20b/x%2Fy/rename');
    expect(() => pathFor('/api/projects/:id')).toThrow('missing path parameter id');
  });

  it('declare every endpoint once, each method and path unique, under /api', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of Object.values(endpoints)) expect(e.path.startsWith('/api/')).toBe(true);
  });
});

describe('a project measurement settings', () => {
  it('sound and vibrate the loss-of-fix alert unless the project says not, and refuse an alert field it does not know', () => {
    expect(measurementSettings.parse({}).Alerts).toEqual({ Sound: true, Vibration: true });
    expect(measurementSettings.parse({ Alerts: { Sound: false, Vibration: true } }).Alerts).toEqual({ Sound: false, Vibration: true });
    expect(measurementSettings.safeParse({ Alerts: { Sound: true, Vibration: true, Flash: true } }).success).toBe(false);
  });
});
