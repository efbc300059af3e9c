import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverEnvSchema } from '@smi/contracts/server-env';
import { apiEnvSchema, EnvError, loadEnv } from './env.js';

describe('configuration from the environment', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'smi-env-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('uses the defaults of the design when nothing is set', () => {
    const env = loadEnv({ DATA_DIR: tmp() });
    expect(env.PORT).toBe(3000);
    expect(env.MQTT_PORT).toBe(1883);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO).toBe(false);
  });

  it('generates a JWT secret once in embedded mode and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadEnv({ DATA_DIR: dir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment: PORT /],
    [{ PORT: '70000' }, /^Invalid environment: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment: DATABASE_URL /],
    [{ REDIS_URL: 'not a url' }, /^Invalid environment: REDIS_URL /],
    [{ JWT_SECRET: 'short' }, /^Invalid environment: JWT_SECRET /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid environment: LOG_LEVEL /],
    [{ DEMO: 'maybe' }, /^Invalid environment: DEMO /],
    [{ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }, /^Invalid environment: JWT_SECRET is required/],
  ])('stops on %j with one line naming the variable', (vars, message) => {
    expect(() => loadEnv({ DATA_DIR: tmp(), ...vars })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tmp(), ...vars })).toThrow(message);
  });

  it('reads DEMO=1 as on', () => {
    expect(loadEnv({ DATA_DIR: tmp(), DEMO: '1' }).DEMO).toBe(true);
  });

  it('declares the variables it shares with the gateway once, and documents each of its own', () => {
    // the shared ones are @smi/contracts' schema itself, not copies: the same zod object per variable
    for (const [name, check] of Object.entries(serverEnvSchema.shape)) expect(apiEnvSchema.shape[name as keyof typeof apiEnvSchema.shape], name).toBe(check);
    const doc = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    const rows = new Set([...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(Object.keys(apiEnvSchema.shape).filter((name) => !rows.has(name)), 'variables missing from docs/configuration.md').toEqual([]);
  });
});
