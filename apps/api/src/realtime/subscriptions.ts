import type { Socket } from 'socket.io';
import { SOCKET_EVENTS, subscribeRequest, type LiveReading, type SubscribeAck } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import type { LatestReadings } from './latest-readings.js';
import { ROLES, parseRoom, roomOf, type Role } from './rooms.js';
import { eventGuard } from './event-guard.js';
import type { SessionUser } from '../auth/session.js';
import { ROLE_REFUSED } from '../http/authorize.js';

const MAX_ROOMS_PER_SOCKET = 200;
// subscribe requests each cost a query: a burst of 30, then 3 a second
const BUCKET = { size: 30, perSecond: 3 };

/** Of these references (codes or ids), the devices the user owns, keyed by the reference. */
export async function ownedDevices(db: Queryable, userId: string, refs: string[]): Promise<Map<string, string>> {
  if (!refs.length) return new Map();
  const rows = await db.query<{ id: string; code: string }>(
    'SELECT id::text AS id, code FROM devices WHERE owner_id = $1 AND (code = ANY($2) OR id::text = ANY($2))',
    [userId, refs],
  );
  const found = new Map<string, string>();
  for (const ref of refs) {
    const row = rows.find((r) => r.code === ref || r.id === ref.toLowerCase());
    if (row) found.set(ref, row.code);
  }
  return found;
}

function sendLatest(socket: Socket, readings: LiveReading[], roleOf: (code: string) => Role[]) {
  for (const r of readings) for (const role of roleOf(r.deviceCode)) socket.emit(ROLES[role], r);
}

/**
 * `subscribe` and `unsubscribe` of one signed-in socket. Only the user's own devices are joined; anything else
 * gets an error event naming what was sent (unknown and someone else's devices read the same) and nothing more.
 * The latest reading of each newly joined device is sent at once.
 */
export function handleSubscriptions(socket: Socket, o: { db: Queryable; latest: LatestReadings; userId: string; user: Pick<SessionUser, 'id' | 'workspace'> }) {
  const { allow, permitted } = eventGuard(o.user, BUCKET);

  socket.on(SOCKET_EVENTS.subscribe, (payload: unknown, ack?: unknown) => {
    const reply = (a: SubscribeAck) => (typeof ack === 'function' ? ack(a) : undefined);
    const refuse = (message: string) => {
      socket.emit(SOCKET_EVENTS.error, { message });
      reply({ success: false, devices: [], refused: [], message });
    };
    subscribe(payload, reply, refuse).catch(() => refuse('Subscription failed; please try again'));
  });

  async function subscribe(payload: unknown, reply: (a: SubscribeAck) => void, refuse: (message: string) => void) {
    if (!allow()) return refuse('Too many subscribe requests; slow down');
    if (!permitted(SOCKET_EVENTS.subscribe)) return refuse(ROLE_REFUSED);
    const parsed = subscribeRequest.safeParse(payload);
    if (!parsed.success) return refuse('subscribe takes a device code or {rovers: [codes], base: code}');
    const wanted: [string, Role][] =
      typeof parsed.data === 'string'
        ? [[parsed.data, 'data']]
        : [...parsed.data.rovers.map((r): [string, Role] => [r, 'live']), ...(parsed.data.base ? [[parsed.data.base, 'corr'] as [string, Role]] : [])];
    const owned = await ownedDevices(o.db, o.userId, [...new Set(wanted.map(([ref]) => ref))]);
    const joined: [string, Role][] = [];
    const refused: string[] = [];
    for (const [ref, role] of wanted) {
      const code = owned.get(ref);
      if (!code) {
        refused.push(ref);
        socket.emit(SOCKET_EVENTS.error, { message: `Device not found: ${ref}`, device: ref });
      } else if (socket.rooms.size >= MAX_ROOMS_PER_SOCKET) {
        refused.push(ref);
        socket.emit(SOCKET_EVENTS.error, { message: 'Too many subscriptions on one connection', device: ref });
      } else {
        joined.push([code, role]);
      }
    }
    // rooms are kept in this process by both adapters in use (in-memory, Redis): joining and leaving finish at once
    void socket.join(joined.map(([code, role]) => roomOf(role, code)));
    const codes = [...new Set(joined.map(([code]) => code))];
    reply({ success: refused.length === 0, devices: codes, refused });
    sendLatest(socket, await o.latest.of(codes), (code) => joined.filter(([c]) => c === code).map(([, role]) => role));
  }

  socket.on(SOCKET_EVENTS.unsubscribe, (payload: unknown) => {
    if (!permitted(SOCKET_EVENTS.unsubscribe)) return;
    const parsed = subscribeRequest.safeParse(payload);
    if (!parsed.success) return;
    const refs = typeof parsed.data === 'string' ? [parsed.data] : [...parsed.data.rovers, ...(parsed.data.base ? [parsed.data.base] : [])];
    for (const room of socket.rooms) {
      const r = parseRoom(room);
      if (r && refs.includes(r.code)) void socket.leave(room); // at once, as above
    }
  });
}

/**
 * After connection-state recovery the socket is back in its rooms: keep only devices the user still owns (one may
 * have been removed meanwhile) and send the latest reading of each at once.
 */
export async function reviewRecoveredRooms(socket: Socket, o: { db: Queryable; latest: LatestReadings; userId: string }) {
  const rooms = [...socket.rooms].map((room) => ({ room, parsed: parseRoom(room) })).filter((r) => r.parsed);
  const owned = await ownedDevices(o.db, o.userId, [...new Set(rooms.map((r) => r.parsed!.code))]);
  for (const { room, parsed } of rooms) if (!owned.has(parsed!.code)) void socket.leave(room); // at once, as in handleSubscriptions
  const kept = rooms.filter((r) => owned.has(r.parsed!.code)).map((r) => r.parsed!);
  const codes = [...new Set(kept.map((k) => k.code))];
  sendLatest(socket, await o.latest.of(codes), (code) => kept.filter((k) => k.code === code).map((k) => k.role));
}
