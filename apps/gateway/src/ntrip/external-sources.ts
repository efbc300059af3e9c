import { deviceTopics } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import type { Log } from '../log.js';
import { RtcmFramer } from '@smi/rtcm';
import type { Caster } from './caster.js';
import { ntripClient, type NtripClientState } from '@smi/ntrip';

interface SourceRow {
  /** `project:<id>` for a project's own source, `user:<id>` for a user's Settings source. */
  id: string;
  /** The projects whose rovers get these corrections. */
  targets: string[];
  host: string;
  port: number;
  mountpoint: string;
  username: string;
  password: string;
  version: number;
  send_gga: boolean;
}

interface Running {
  key: string;
  targets: string[];
  client: ReturnType<typeof ntripClient>;
  framer: RtcmFramer;
  rovers: string[];
  position: { latitude: number; longitude: number; height: number } | null;
  written: { state: string; error: string | null; at: number; data: boolean };
}

/**
 * Projects that take corrections from an external caster (project_ntrip_sources): one NTRIP client per project, run
 * by the leading gateway only (like custom brokers). What arrives is framed (only CRC-valid frames go on) and relayed
 * to the project's rovers over MQTT and on the product's caster under the project's mountpoint; the client's state
 * and the time of the last corrections are written back to the row for the api to show.
 */
export function externalSources(o: {
  db: Queryable;
  log: Log;
  caster: Caster | undefined;
  publish: (topic: string, payload: Buffer) => void;
  /** The address to connect to for a host, or a throw when the outbound rule refuses it. */
  resolve: (host: string) => Promise<string>;
  active: () => boolean;
  client?: { minBackoffMs?: number; maxBackoffMs?: number; ggaEveryMs?: number };
}) {
  const running = new Map<string, Running>();

  const write = (sourceId: string, r: Running, s: NtripClientState) => {
    const now = Date.now();
    // a state change at once; the time of the last corrections at most every 5 s
    const firstData = s.lastDataAt > 0 && !r.written.data;
    if (s.state === r.written.state && s.error === r.written.error && !firstData && now - r.written.at < 5000) return;
    r.written = { state: s.state, error: s.error, at: now, data: s.lastDataAt > 0 };
    const [kind, rowId] = sourceId.split(':') as ['project' | 'user', string];
    const sql =
      kind === 'user'
        ? 'UPDATE user_ntrip_sources SET state = $2, last_error = $3, last_data_at = $4 WHERE user_id = $1'
        : 'UPDATE project_ntrip_sources SET state = $2, last_error = $3, last_data_at = $4 WHERE project_id = $1';
    void o.db
      .query(sql, [
        rowId,
        s.state,
        s.error,
        s.lastDataAt ? new Date(s.lastDataAt) : null,
      ])
      .catch((err: unknown) => o.log.warn({ err }, 'ntrip client state not written'));
  };

  function start(row: SourceRow, key: string): Running {
    const r: Running = {
      key,
      targets: row.targets,
      framer: new RtcmFramer(),
      rovers: [],
      position: null,
      written: { state: '', error: null, at: 0, data: false },
      client: undefined as unknown as ReturnType<typeof ntripClient>,
    };
    r.client = ntripClient({
      ...o.client,
      host: row.host,
      port: row.port,
      mountpoint: row.mountpoint,
      username: row.username,
      password: row.password,
      version: row.version === 2 ? 2 : 1,
      position: row.send_gga ? () => r.position : undefined,
      resolve: o.resolve,
      log: o.log,
      onData: (bytes) => {
        const frames: Buffer[] = [];
        r.framer.push(bytes, (f) => frames.push(Buffer.from(f)));
        if (!frames.length) return;
        const all = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
        for (const projectId of r.targets) o.caster?.feedFrames(projectId, all);
        for (const code of r.rovers) o.publish(deviceTopics.corrections(code), all);
        write(row.id, r, r.client.state());
      },
      onState: (s) => r.client && write(row.id, r, s),
    });
    return r;
  }

  async function refresh() {
    if (!o.active()) {
      for (const r of running.values()) r.client.stop();
      running.clear();
      return;
    }
    const rows = await o.db.query<SourceRow>(
      `SELECT 'project:' || s.project_id AS id, ARRAY[s.project_id::text] AS targets, s.host, s.port, s.mountpoint, s.username, s.password, s.version, s.send_gga
         FROM project_ntrip_sources s JOIN projects p ON p.id = s.project_id
        WHERE s.enabled AND p.status = 'Active'
       UNION ALL
       -- Settings' source: one connection per user, for the Active projects without a source of their own; the
       -- rovers' position goes to the caster whenever one is known (network casters want it, others ignore it)
       SELECT 'user:' || us.user_id, coalesce((SELECT array_agg(p.id::text) FROM projects p WHERE p.owner_id = us.user_id AND p.status = 'Active'
                 AND NOT EXISTS (SELECT 1 FROM project_ntrip_sources s WHERE s.project_id = p.id AND s.enabled)), ARRAY[]::text[]),
              us.host, us.port, us.mountpoint, us.username, us.password, us.version, true
         FROM user_ntrip_sources us JOIN users u ON u.id = us.user_id
        WHERE u.settings->'device'->>'rtkCorrectionSource' = 'NTRIP'`,
    );
    const wanted = new Set<string>();
    for (const row of rows) {
      wanted.add(row.id);
      const key = JSON.stringify([row.host, row.port, row.mountpoint, row.username, row.password, row.version, row.send_gga]);
      const r = running.get(row.id);
      if (r && r.key === key) {
        r.targets = row.targets;
        continue;
      }
      r?.client.stop();
      running.set(row.id, start(row, key));
    }
    for (const [id, r] of running)
      if (!wanted.has(id)) {
        r.client.stop();
        running.delete(id);
      }
    if (!running.size) return;
    // who gets each project's corrections, and where its rovers are (the GGA a network/VRS mountpoint wants)
    const ids = [...new Set([...running.values()].flatMap((r) => r.targets))];
    const rovers = await o.db.query<{ project_id: string; code: string; lat: number | null; lon: number | null; alt: number | null }>(
      `SELECT pd.project_id, d.code, d.last_latitude AS lat, d.last_longitude AS lon, d.last_altitude AS alt FROM project_devices pd
         JOIN devices d ON d.id = pd.device_id AND d.type = 'rover'
         JOIN projects p ON p.id = pd.project_id AND d.owner_id = p.owner_id
        WHERE pd.project_id = ANY($1::uuid[])`,
      [ids],
    );
    const bases = await o.db.query<{ id: string; lat: number | null; lon: number | null }>(
      'SELECT id, base_latitude AS lat, base_longitude AS lon FROM projects WHERE id = ANY($1::uuid[])',
      [ids],
    );
    for (const r of running.values()) {
      const mine = rovers.filter((x) => r.targets.includes(x.project_id));
      r.rovers = [...new Set(mine.map((x) => x.code))];
      const placed = mine.filter((x) => x.lat !== null && x.lon !== null);
      const base = bases.find((b) => r.targets.includes(b.id) && b.lat != null && b.lon != null);
      r.position = placed.length
        ? {
            latitude: placed.reduce((s, x) => s + x.lat!, 0) / placed.length,
            longitude: placed.reduce((s, x) => s + x.lon!, 0) / placed.length,
            height: placed.reduce((s, x) => s + (x.alt ?? 0), 0) / placed.length,
          }
        : base?.lat != null && base.lon != null
          ? { latitude: base.lat, longitude: base.lon, height: 0 }
          : null;
    }
  }

  return {
    refresh: () => refresh().catch((err: unknown) => o.log.warn({ err }, 'ntrip sources not refreshed')),
    /** The client state of each source running here (`project:<id>`, `user:<id>`). */
    states: () => new Map([...running].map(([id, r]) => [id, r.client.state()])),
    close() {
      for (const r of running.values()) r.client.stop();
      running.clear();
    },
  };
}
