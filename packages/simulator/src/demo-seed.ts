import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Db } from '@smi/db';
import { hashDeviceSecret, newDeviceSecret } from '@smi/devices';
import type { SimulatedDevice } from './simulator.js';

export const DEMO_EMAIL = 'demo@example.com';
const DEMO_DEVICES = [
  { code: 'DEMO-BASE', name: 'Demo base station', type: 'base' },
  { code: 'DEMO-ROVER-1', name: 'Rover one', type: 'rover' },
  { code: 'DEMO-ROVER-2', name: 'Rover two', type: 'rover' },
] as const;
const DEMO_PROJECT = 'Demo survey';

/**
 * The demo account (a new random password on every start, printed by the caller), a base and two rovers with
 * fresh MQTT secrets, and an Active project joining them. Running it again reuses what is there.
 */
export async function seedDemo(db: Db, base: { latitude: number; longitude: number }) {
  const password = randomBytes(6).toString('base64url');
  const passwordHash = await bcrypt.hash(password, 10);
  const secrets = DEMO_DEVICES.map(() => newDeviceSecret());
  const hashes = await Promise.all(secrets.map(hashDeviceSecret));
  return db.tx(async (q) => {
    const [user] = await q.query<{ id: string }>(
      `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Demo Surveyor', $1, $2, true)
       ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_verified = true RETURNING id`,
      [DEMO_EMAIL, passwordHash],
    );
    const ids: string[] = [];
    for (const [i, d] of DEMO_DEVICES.entries()) {
      const [row] = await q.query<{ id: string; owner_id: string }>(
        `INSERT INTO devices (code, name, type, owner_id, connected, secret_hash) VALUES ($1, $2, $3, $4, true, $5)
         ON CONFLICT (code) DO UPDATE SET secret_hash = EXCLUDED.secret_hash WHERE devices.owner_id = EXCLUDED.owner_id
         RETURNING id, owner_id`,
        [d.code, d.name, d.type, user!.id, hashes[i]],
      );
      if (!row) throw new Error(`The demo device code ${d.code} belongs to another account; the demo cannot use it.`);
      ids.push(row.id);
    }
    let [project] = await q.query<{ id: string }>('SELECT id FROM projects WHERE owner_id = $1 AND name = $2', [user!.id, DEMO_PROJECT]);
    if (!project) {
      [project] = await q.query<{ id: string }>(
        `INSERT INTO projects (owner_id, name, description, base_station_id, base_latitude, base_longitude)
         VALUES ($1, $2, 'Simulated base and rovers going from mark to mark around it', $3, $4, $5) RETURNING id`,
        [user!.id, DEMO_PROJECT, ids[0], base.latitude, base.longitude],
      );
      for (const [position, deviceId] of ids.slice(1).entries()) {
        await q.query('INSERT INTO project_devices (project_id, device_id, position) VALUES ($1, $2, $3)', [project!.id, deviceId, position]);
      }
    }
    const devices: SimulatedDevice[] = DEMO_DEVICES.map((d, i) => ({ code: d.code, type: d.type, secret: secrets[i] }));
    return { email: DEMO_EMAIL, password, userId: user!.id, projectId: project!.id, devices };
  });
}
