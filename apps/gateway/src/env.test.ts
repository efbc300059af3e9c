import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverEnvSchema } from '@smi/contracts/server-env';
import { gatewayEnvSchema, GatewayEnvError, loadGatewayEnv } from './env.js';

describe("the gateway's configuration from the environment", () => {
  it('takes the defaults of the shared variables and its own', () => {
    const env = loadGatewayEnv({});
    expect([env.MQTT_PORT, env.NTRIP_PORT, env.DATA_DIR, env.LOG_LEVEL, env.DEVICE_OFFLINE_AFTER_S]).toEqual([1883, 2101, './data', 'info', 30]);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ MQTT_PORT: '70000' }, /^Invalid environment: MQTT_PORT /],
    [{ JWT_SECRET: 'short' }, /^Invalid environment: JWT_SECRET must be at least 32 characters/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment: DATABASE_URL /],
    [{ MQTT_SERVICE_SECRET: 'short' }, /^Invalid environment: MQTT_SERVICE_SECRET /],
    [{ CUSTOM_BROKER_ALLOW: '10.0.0.0/99' }, /^Invalid environment: CUSTOM_BROKER_ALLOW /],
  ])('stops on %j with one line naming the variable', (vars, message) => {
    expect(() => loadGatewayEnv(vars)).toThrow(GatewayEnvError);
    expect(() => loadGatewayEnv(vars)).toThrow(message);
  });

  it('reads an empty value as unset', () => {
    expect(loadGatewayEnv({ JWT_SECRET: '', NTRIP_PORT: '' }).NTRIP_PORT).toBe(2101);
  });

  it('declares the variables it shares with the api once, and documents each one it reads', () => {
    for (const [name, check] of Object.entries(serverEnvSchema.shape)) expect(gatewayEnvSchema.shape[name as keyof typeof gatewayEnvSchema.shape], name).toBe(check);
    const doc = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    const rows = new Set([...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    const names = Object.keys(gatewayEnvSchema.shape);
    expect(names.filter((name) => !rows.has(name)), 'variables missing from the table of docs/configuration.md').toEqual([]);
    // and the sentence that lists what a gateway run on its own reads
    const own = /A gateway run on its own[\s\S]*?reads ([\s\S]*?)\. Every process/.exec(doc)?.[1] ?? '';
    const listed = [...own.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...names].sort());
  });
});
