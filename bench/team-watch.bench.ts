import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type WatchProjectAck } from '@smi/contracts';
import { startFleet } from './lib/fleet.js';
import { mqttUrlOf, registerFleets, watchingSocket } from './lib/devices.js';
import { drain, latencySink, sleep } from './lib/latency.js';
import { sinceStamp } from './lib/nmea-stamp.js';
import { call, seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';

const MEMBERS = 20;
const ROVERS = 10;
const HZ = 10;
const WARMUP_S = 3;
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 20);

/**
 * A team on one job: one project of a team workspace watched by the sockets of 20 members (each subscribed to the
 * project's 10 rovers at 10 Hz and watching the project's points), against the same run with one watcher, on the
 * same product in the same run. Device -> browser latency over every delivery to every member, and every reading
 * delivered to every member. Timing: lib/nmea-stamp.ts (the send instant in the GGA altitude).
 */
export async function run(): Promise<BenchResult> {
  const product = await startProduct();
  const notes: string[] = [];
  const runs: { watchers: number; sent: number; delivered: number[]; p50: number; p99: number }[] = [];
  try {
    const members: Awaited<ReturnType<typeof seedSurveyor>>[] = [];
    // one at a time: each is a sign-up with its verification code read from the product's log
    for (let i = 0; i < MEMBERS; i++) members.push(await seedSurveyor(product, `team${i}`));
    const owner = members[0]!;
    const made = await call(product.url, 'POST', '/api/workspaces', owner.cookie, { name: 'Bench crew' });
    const team = (made.workspace as { id: string }).id;
    // the members join as an accepted invitation makes them (workspaces/routes.ts), working in the team
    await product.restart(async (db) => {
      for (const m of members.slice(1)) await db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'surveyor')", [team, m.userId]);
      for (const m of members) await db.query('UPDATE users SET current_workspace_id = $2 WHERE id = $1', [m.userId, team]);
    });
    const rovers = (await registerFleets(product, team, [{ prefix: 'TEAM', n: ROVERS, secrets: true }]))[0]!;
    const base = `TEAM-BASE-${Date.now().toString(36)}`.toUpperCase();
    const baseReply = await call(product.url, 'POST', `/api/devices/${base}`, owner.cookie, { Name: 'Base', Type: 'base' });
    await call(product.url, 'POST', `/api/user/${owner.userId}/add-device`, owner.cookie, { DeviceCode: base });
    const project = await call(product.url, 'POST', '/api/projects', owner.cookie, {
      Name: 'Harbour wall',
      Description: 'team bench',
      BaseStation: (baseReply.device as { _id: string })._id,
      // the fleet's rovers are the project's
      ClientDevices: rovers.map((r) => r.id),
    });
    const projectId = project._id as string;
    const url = mqttUrlOf(product.output());
    const connections = rovers.map((r) => ({ username: r.code, password: r.secret, codes: [r.code] }));

    for (const watchers of [1, MEMBERS]) {
      const sink = latencySink();
      const delivered = Array.from({ length: watchers }, () => 0);
      const sockets: Socket[] = [];
      for (let i = 0; i < watchers; i++) {
        const socket = await watchingSocket(product.url, members[i]!.cookie, rovers.map((r) => r.code), (r) => {
          delivered[i]!++;
          if (typeof r.altitude === 'number') sink.add(sinceStamp(r.altitude));
        });
        const ack = await new Promise<WatchProjectAck>((ok) => socket.emit(SOCKET_EVENTS.watchProject, { ProjectId: projectId }, ok));
        if (!ack.success) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
        sockets.push(socket);
      }
      // the latest reading a subscription is sent at once is not part of the run
      await sleep(500);
      delivered.fill(0);
      const fleet = await startFleet({ url, connections, hz: HZ, seconds: WARMUP_S + SECONDS });
      const running = fleet.run();
      await sleep(WARMUP_S * 1000);
      sink.start();
      const report = await running;
      await drain(() => delivered.every((n) => n >= report.sent));
      sink.stop();
      for (const s of sockets) s.close();
      runs.push({ watchers, sent: report.sent, delivered: [...delivered], p50: sink.p(50), p99: sink.p(99) });
      notes.push(`${watchers} watcher(s): ${report.sent} readings sent, delivered per member min ${Math.min(...delivered)} max ${Math.max(...delivered)}, ${sink.count} timed`);
    }
  } finally {
    await product.stop();
  }
  const [one, team] = runs as [(typeof runs)[number], (typeof runs)[number]];
  const missed = team.delivered.reduce((sum, n) => sum + Math.max(0, team.sent - n), 0) + one.delivered.reduce((sum, n) => sum + Math.max(0, one.sent - n), 0);
  notes.unshift(`${ROVERS} rovers x ${HZ} Hz for ${SECONDS} s after ${WARMUP_S} s warm-up, one project of a team workspace; each member's socket subscribes to every rover and watches the project`);
  return {
    name: 'team-watch',
    figures: [
      { name: `device -> browser p50, ${MEMBERS} members watching`, value: team.p50, unit: 'ms', baseline: { name: 'one member watching', value: one.p50 } },
      {
        name: `device -> browser p99, ${MEMBERS} members watching`,
        value: team.p99,
        unit: 'ms',
        baseline: { name: 'one member watching', value: one.p99 },
        ratioTarget: { value: 1.5, kind: 'max' },
      },
      { name: 'readings not delivered to a member', value: missed, unit: '', target: { value: 0, kind: 'max' } },
    ],
    notes,
  };
}
