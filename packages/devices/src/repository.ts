import type { DeviceType, DeviceView } from '@smi/contracts';
import type { Db, Queryable } from '@smi/db';
import { EXTERNAL_PROJECT } from '@smi/ntrip';

/**
 * The one repository of the `devices` table: an account's devices as its users see and manage them (the api's
 * requests, always within the owner's account), and the device state the gateway keeps (its login, the state it
 * writes after readings, offline sweeps, who takes a base's corrections).
 */
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

/** A device as the gateway needs it: who it is, who owns it, and its MQTT credential. */
export interface DeviceRecord {
  id: string;
  code: string;
  name: string;
  type: 'rover' | 'base';
  ownerId: string;
  secretHash: string | null;
  /** Its own NTRIP password's hash, when its owner made one (the caster then takes it instead of the MQTT secret). */
  ntripSecretHash: string | null;
  /** Its holder proved possession with the activation key (decision 027); false: only that key may log in, once. */
  claimed: boolean;
}

/** The state the gateway writes after readings (null keeps the stored value, except the fix type). */
export interface DeviceStateWrite {
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  fixType: string | null;
  satellites: number | null;
  hdop: number | null;
  accuracy: number | null;
  /** When the position was fixed, ms since the epoch; null without a position (decision 017). */
  fixAt: number | null;
}

/** What the row held before a state write: the gateway compares it with the new values to find transitions. */
export interface StateTransitionRow {
  id: string;
  code: string;
  name: string;
  ownerId: string;
  wasOnline: boolean;
  seenBefore: boolean;
  oldBattery: number | null;
  oldSignal: number | null;
  battery: number | null;
  signal: number | null;
  notificationsOn: boolean;
}

export interface OfflineRow {
  id: string;
  code: string;
  name: string;
  type: 'rover' | 'base';
  ownerId: string;
  notificationsOn: boolean;
}

interface DeviceRecordRow {
  id: string;
  code: string;
  name: string;
  type: 'rover' | 'base';
  owner_id: string;
  secret_hash: string | null;
  ntrip_secret_hash: string | null;
  claimed: boolean;
}
const RECORD_COLUMNS = 'id, code, name, type, owner_id, secret_hash, ntrip_secret_hash, claimed_at IS NOT NULL AS claimed';
const toRecord = (row: DeviceRecordRow): DeviceRecord => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  ownerId: row.owner_id,
  secretHash: row.secret_hash,
  ntripSecretHash: row.ntrip_secret_hash,
  claimed: row.claimed,
});

// the account setting "Notifications: OFF" silences device notifications
const NOTIFICATIONS_ON = `coalesce(u.settings->'account'->>'notifications', 'ON') <> 'OFF'`;

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

  // the gateway's: a device by its code (any account: the login names it), the state it writes, its offline sweep
  async byCode(q: Queryable, code: string): Promise<DeviceRecord | null> {
    const [row] = await q.query<DeviceRecordRow>(`SELECT ${RECORD_COLUMNS} FROM devices WHERE code = $1`, [code]);
    return row ? toRecord(row) : null;
  },

  /** Several devices by code (those that exist). */
  async byCodes(q: Queryable, codes: string[]): Promise<DeviceRecord[]> {
    const rows = await q.query<DeviceRecordRow>(`SELECT ${RECORD_COLUMNS} FROM devices WHERE code = ANY($1::text[])`, [codes]);
    return rows.map(toRecord);
  },

  /**
   * Marks devices online with their latest state, all in one statement (a gateway with thousands of devices writes
   * them once a second: one round trip, not thousands); answers, per device found, the old values read under a row
   * lock (taken in id order, so concurrent writers cannot deadlock) for its transitions. Only the devices that may
   * call for a notification come back (notifications on, and back online or a battery or signal change): at
   * thousands of devices a second the others' rows would be work for nothing on both sides.
   */
  async writeStates(q: Queryable, writes: { code: string; state: DeviceStateWrite }[]): Promise<StateTransitionRow[]> {
    const column = <K extends keyof DeviceStateWrite>(k: K) => writes.map((w) => w.state[k]);
    const rows = await q.query<Record<string, unknown>>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::float8[], $9::float8[], $10::float8[], $11::float8[])
           AS t(code, battery, signal, latitude, longitude, altitude, fix, satellites, hdop, accuracy, fix_at)
       ),
       old AS (SELECT id, online, battery, signal, last_update FROM devices WHERE code IN (SELECT code FROM input) ORDER BY id FOR UPDATE),
       written AS (UPDATE devices d SET online = true, last_update = now(),
         battery = coalesce(round(i.battery)::int, d.battery), signal = coalesce(round(i.signal)::int, d.signal),
         last_latitude = coalesce(i.latitude, d.last_latitude), last_longitude = coalesce(i.longitude, d.last_longitude),
         last_altitude = coalesce(i.altitude, d.last_altitude), last_fix = i.fix,
         last_satellites = coalesce(round(i.satellites)::int, d.last_satellites), last_hdop = coalesce(i.hdop, d.last_hdop),
         last_accuracy = coalesce(i.accuracy, d.last_accuracy), last_fix_at = to_timestamp(i.fix_at / 1000)
       FROM input i, old, users u
       WHERE d.code = i.code AND d.id = old.id AND u.id = d.owner_id
       RETURNING d.id, d.code, d.name, d.owner_id, old.online AS was_online, old.last_update IS NOT NULL AS seen_before,
         old.battery AS old_battery, old.signal AS old_signal, d.battery, d.signal, ${NOTIFICATIONS_ON} AS notifications_on)
       SELECT * FROM written
       WHERE notifications_on AND (NOT was_online OR battery IS DISTINCT FROM old_battery OR signal IS DISTINCT FROM old_signal)`,
      [
        writes.map((w) => w.code),
        column('battery'),
        column('signal'),
        column('latitude'),
        column('longitude'),
        column('altitude'),
        column('fixType'),
        column('satellites'),
        column('hdop'),
        column('accuracy'),
        column('fixAt'),
      ],
    );
    return rows.map((row) => ({
      id: row.id as string,
      code: row.code as string,
      name: row.name as string,
      ownerId: row.owner_id as string,
      wasOnline: row.was_online as boolean,
      seenBefore: row.seen_before as boolean,
      oldBattery: row.old_battery as number | null,
      oldSignal: row.old_signal as number | null,
      battery: row.battery as number | null,
      signal: row.signal as number | null,
      notificationsOn: row.notifications_on as boolean,
    }));
  },

  /**
   * Takes every online device silent for longer than the timeout offline. One UPDATE: when several gateways
   * sweep at once, each device goes offline (and is notified) exactly once.
   */
  async sweepOffline(q: Queryable, afterSeconds: number): Promise<OfflineRow[]> {
    const rows = await q.query<{ id: string; code: string; name: string; type: 'rover' | 'base'; owner_id: string; notifications_on: boolean }>(
      `UPDATE devices d SET online = false FROM users u
       WHERE u.id = d.owner_id AND d.online AND (d.last_update IS NULL OR d.last_update < now() - make_interval(secs => $1))
       RETURNING d.id, d.code, d.name, d.type, d.owner_id, ${NOTIFICATIONS_ON} AS notifications_on`,
      [afterSeconds],
    );
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, type: r.type, ownerId: r.owner_id, notificationsOn: r.notifications_on }));
  },

  async notify(q: Queryable, n: { userId: string; deviceId: string; type: string; text: string }): Promise<void> {
    await q.query('INSERT INTO notifications (user_id, device_id, type, text) VALUES ($1, $2, $3, $4)', [n.userId, n.deviceId, n.type, n.text]);
  },

  /** Codes of the rovers in every Active project whose base station is this device. */
  async roversOfBase(q: Queryable, baseCode: string): Promise<string[]> {
    const rows = await q.query<{ code: string }>(
      `SELECT DISTINCT r.code FROM devices b
       JOIN projects p ON p.base_station_id = b.id AND p.status = 'Active' AND p.owner_id = b.owner_id
       JOIN project_devices pd ON pd.project_id = p.id
       JOIN devices r ON r.id = pd.device_id AND r.type = 'rover' AND r.owner_id = p.owner_id
       WHERE b.code = $1
         -- a project that takes a network's corrections (its own external caster, or Settings' NTRIP) does not also
         -- get its base's: two reference stations on one corrections topic would confuse a receiver
         AND NOT ${EXTERNAL_PROJECT}`,
      [baseCode],
    );
    return rows.map((r) => r.code);
  },

  /** For every user whose network setting is Custom with a URL: that URL and the codes of the user's devices. */
  async customBrokerDevices(q: Queryable): Promise<{ url: string; code: string }[]> {
    return q.query<{ url: string; code: string }>(
      `SELECT u.settings->'network'->>'customMqttUrl' AS url, d.code FROM users u JOIN devices d ON d.owner_id = u.id
       WHERE u.settings->'network'->>'mqttUrlType' = 'Custom' AND coalesce(u.settings->'network'->>'customMqttUrl', '') <> ''`,
    );
  },
};
