import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { internalTopics, type LiveReading } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';

/** Rows a test needs, written straight to the database the gateway reads. */
export async function createUser(q: Queryable, name = 'Field Surveyor'): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO users (name, email, password_hash, is_verified) VALUES ($1, $2, 'not-a-login', true) RETURNING id`,
    [name, `${randomUUID()}@example.com`],
  );
  return row!.id;
}

export async function createDevice(q: Queryable, ownerId: string, type: 'rover' | 'base' = 'rover', name = 'Test device') {
  const code = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
  const secret = newDeviceSecret();
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO devices (code, name, type, owner_id, connected, secret_hash) VALUES ($1, $2, $3, $4, true, $5) RETURNING id',
    [code, name, type, ownerId, await hashDeviceSecret(secret)],
  );
  return { id: row!.id, code, secret, name, type };
}

export function connect(url: string, opts: IClientOptions): Promise<MqttClient> {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
}

/** Collects the normalised readings the gateway publishes on the internal topic. */
export async function readingsListener(url: string, service: { username: string; password: string }) {
  const client = await connect(url, { ...service, clientId: `test-${randomUUID().slice(0, 8)}` });
  const readings: LiveReading[] = [];
  const waiters: { test: (r: LiveReading) => boolean; ok: (r: LiveReading) => void }[] = [];
  client.on('message', (_topic, payload) => {
    for (const r of JSON.parse(payload.toString()) as LiveReading[]) {
      readings.push(r);
      for (const w of [...waiters]) {
        if (!w.test(r)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.ok(r);
      }
    }
  });
  await client.subscribeAsync(internalTopics.allReadings);
  return {
    readings,
    /** The first reading (already received or coming) that passes the test. */
    next(test: (r: LiveReading) => boolean): Promise<LiveReading> {
      const seen = readings.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((ok) => waiters.push({ test, ok }));
    },
    close: () => client.endAsync(),
  };
}

/** Polls until fn answers something truthy (no fixed sleeps: the test's own timeout bounds it). */
export async function eventually<T>(fn: () => Promise<T> | T, everyMs = 25): Promise<NonNullable<T>> {
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A deterministic pseudo-random source in [0, 1) (a linear congruential generator): the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}
