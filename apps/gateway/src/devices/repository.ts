import { EXTERNAL_PROJECT } from '@smi/ntrip';
import type { Queryable } from '@smi/db';

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
