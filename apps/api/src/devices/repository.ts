import type { DeviceType, DeviceView } from '@smi/contracts';
import type { Db, Queryable } from '@smi/db';

export interface DeviceRow {
  id: string;
  code: string;
  name: string;
  type: DeviceType;
  owner_id: string;
  connected: boolean;
  online: boolean;
  battery: number | null;
  signal: number | null;
  last_update: Date | null;
  last_latitude: number | null;
  last_longitude: number | null;
  last_altitude: number | null;
  last_fix: string | null;
  last_satellites: number | null;
  last_hdop: number | null;
  last_accuracy: number | null;
  registered_at: Date;
  claimed_at: Date | null;
}

// never secret_hash: the MQTT credential stays in the database
export const DEVICE_COLUMNS = `id, code, name, type, owner_id, connected, online, battery, signal, last_update, last_latitude,
  last_longitude, last_altitude, last_fix, last_satellites, last_hdop, last_accuracy, registered_at, claimed_at`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toDeviceView(r: DeviceRow): DeviceView {
  return {
    _id: r.id,
    Name: r.name,
    DeviceCode: r.code,
    Type: r.type,
    Battery_Percentage: r.battery,
    Signal_Strength: r.signal,
    Status: r.online,
    Registered_Date: iso(r.registered_at)!,
    Last_Update: iso(r.last_update),
    Registered_User_Id: r.owner_id,
    Connected: r.connected,
    Claimed: r.claimed_at !== null,
    Last_Latitude: r.last_latitude,
    Last_Longitude: r.last_longitude,
    Last_Altitude: r.last_altitude,
    Last_Fix: r.last_fix,
    Last_Satellites: r.last_satellites,
    Last_Hdop: r.last_hdop,
    Last_Accuracy: r.last_accuracy,
  };
}

export const devicesRepository = {
  /**
   * Inserts a device; undefined when the code is registered already (no race between check and insert).
   * `claim` (decision 037): 'now' where the server has no maker key (every device is claimed at once); 'pending'
   * for a registration without the activation key: it waits for it, and replaces another account's unclaimed
   * registration of the code; 'proven' for one with the right key: claimed at once, and it replaces any unclaimed
   * registration of the code. A replaced row never had a secret, a login or data; what was hung on it (project
   * links) goes with it. A claimed device is never replaced.
   */
  async register(db: Db, d: { code: string; name: string; type: DeviceType; ownerId: string; claim: 'now' | 'pending' | 'proven' }): Promise<DeviceRow | undefined> {
    return db.tx(async (q) => {
      if (d.claim !== 'now') {
        await q.query(`DELETE FROM devices WHERE code = $1 AND claimed_at IS NULL AND ($2 OR owner_id <> $3)`, [d.code, d.claim === 'proven', d.ownerId]);
      }
      const [row] = await q.query<DeviceRow>(
        `INSERT INTO devices (code, name, type, owner_id, claimed_at) VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN NULL ELSE now() END)
         ON CONFLICT (code) DO NOTHING RETURNING ${DEVICE_COLUMNS}`,
        [d.code, d.name, d.type, d.ownerId, d.claim === 'pending'],
      );
      return row;
    });
  },

  /**
   * Stores a new MQTT secret's hash on the owner's claimed device (the old secret stops working); undefined when the
   * device is not the owner's or not claimed yet.
   */
  async setSecretHash(q: Queryable, ownerId: string, deviceId: string, hash: string): Promise<{ code: string } | undefined> {
    const [row] = await q.query<{ code: string }>('UPDATE devices SET secret_hash = $3 WHERE id = $1 AND owner_id = $2 AND claimed_at IS NOT NULL RETURNING code', [
      deviceId,
      ownerId,
      hash,
    ]);
    return row;
  },

  /** Marks the owner's unclaimed device claimed; undefined when it is not the owner's or is claimed already. */
  async claim(q: Queryable, ownerId: string, deviceId: string): Promise<DeviceRow | undefined> {
    const [row] = await q.query<DeviceRow>(
      `UPDATE devices SET claimed_at = now() WHERE owner_id = $1 AND id = $2 AND claimed_at IS NULL RETURNING ${DEVICE_COLUMNS}`,
      [ownerId, deviceId],
    );
    return row;
  },

  /** The owner's device named by its _id or by its code; another account's device is not found. */
  async ownedByRef(q: Queryable, ownerId: string, ref: string): Promise<DeviceRow | undefined> {
    const [row] = await q.query<DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE owner_id = $1 AND (id = $2::uuid OR code = $3)
       ORDER BY (id = $2::uuid) DESC NULLS LAST LIMIT 1`,
      [ownerId, UUID.test(ref) ? ref : null, ref],
    );
    return row;
  },

  /**
   * The owner's device of this code, whatever its letter case ("sam-r1" finds SAM-R1: a code read off a label is typed
   * as it comes); an exact match first when the owner has codes differing only in case. Another account's: none.
   */
  async ownedByCode(q: Queryable, ownerId: string, code: string): Promise<DeviceRow | undefined> {
    const [row] = await q.query<DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE owner_id = $1 AND lower(code) = lower($2) ORDER BY (code = $2) DESC, code LIMIT 1`,
      [ownerId, code],
    );
    return row;
  },

  async ownedByIds(q: Queryable, ownerId: string, ids: string[]): Promise<DeviceRow[]> {
    if (!ids.length) return [];
    return q.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM devices WHERE owner_id = $1 AND id = ANY($2::uuid[])`, [ownerId, ids]);
  },

  async list(q: Queryable, ownerId: string, filter: { connected?: boolean; type?: DeviceType } = {}): Promise<DeviceRow[]> {
    return q.query<DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices
       WHERE owner_id = $1 AND ($2::boolean IS NULL OR connected = $2) AND ($3::text IS NULL OR type = $3)
       ORDER BY registered_at, code`,
      [ownerId, filter.connected ?? null, filter.type ?? null],
    );
  },

  /**
   * Takes the owner's device off its account's connected list and revokes its secret (decision 036): a removed
   * device has no login until its owner connects it again and generates a new one. Undefined when it was not
   * connected (or is not the owner's).
   */
  async remove(q: Queryable, ownerId: string, deviceId: string): Promise<DeviceRow | undefined> {
    const [row] = await q.query<DeviceRow>(
      `UPDATE devices SET connected = false, secret_hash = NULL, ntrip_secret_hash = NULL WHERE owner_id = $1 AND id = $2 AND connected RETURNING ${DEVICE_COLUMNS}`,
      [ownerId, deviceId],
    );
    return row;
  },

  /** Sets the connected flag of the owner's device; undefined when nothing changed (not found, or already so). */
  async setConnected(q: Queryable, ownerId: string, deviceId: string, connected: boolean): Promise<DeviceRow | undefined> {
    const [row] = await q.query<DeviceRow>(
      `UPDATE devices SET connected = $3 WHERE owner_id = $1 AND id = $2 AND connected <> $3 RETURNING ${DEVICE_COLUMNS}`,
      [ownerId, deviceId, connected],
    );
    return row;
  },
};
