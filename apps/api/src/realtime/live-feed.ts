import type { Server as HttpServer } from 'node:http';
import {
  autoFixTopics,
  internalTopics,
  LINEWORK_EVENT,
  OCCUPATION_EVENT,
  occupationTopics,
  type AutoFixCommand,
  type GatewayCounters,
  type LiveReading,
  type OccupationCommand,
  type OccupationReport,
} from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { gatewayLink } from './gateway-link.js';
import { latestReadings } from './latest-readings.js';
import { ROLES, roomOf, userRoom, workspaceRoom, type Role } from './rooms.js';
import { createSocketServer, userOf } from './socket-server.js';
import { handleSubscriptions, reviewRecoveredRooms } from './subscriptions.js';
import { handleProjectWatch, pointsPublisher } from './project-watch.js';

export interface LiveFeedOptions {
  server: HttpServer;
  deps: AppDeps;
  /** mqtt://... of the gateway (embedded: its local address). */
  gatewayUrl: string;
  service: { username: string; password: string };
  redisUrl?: string;
  /** What devices are told to connect to; default mqtt://{host of the request}:{mqttPort}. */
  mqttPublicUrl?: string;
  mqttPort: number;
  /** The port the NTRIP caster listens on (the embedded one's, or the gateways' NTRIP_PORT); absent: unknown. */
  ntripPort?: number;
  /**
   * The embedded gateway, whose readings are taken in-process instead of over a loopback MQTT connection: its own
   * batches as it makes them, every other gateway's (through Redis) decoded from the internal readings topic. Of
   * its own devices the latest reading is asked of it when a socket subscribes, not kept here per reading.
   */
  localGateway?: {
    subscribeReadings(handler: (readings: readonly LiveReading[], own: boolean) => void): Promise<void>;
    /** Its occupation reports and every other gateway's, in-process, each of an owner `wanted` accepts. */
    subscribeOccupations(handler: (report: OccupationReport) => void, wanted: (ownerId: string) => boolean): Promise<void>;
    latestReading(code: string): LiveReading | undefined;
  };
}

/**
 * The realtime part of the api: readings arrive from the gateway over MQTT (every api process subscribes, so each
 * one emits to its own sockets only) and go out to the socket.io rooms of their device.
 */
export async function startLiveFeed(o: LiveFeedOptions) {
  const { db, log, sessions, events, config } = o.deps;
  const latest = latestReadings(db, o.localGateway?.latestReading);
  const sockets = await createSocketServer({ server: o.server, sessions, publicUrl: config.publicUrl, redisUrl: o.redisUrl, log, maxSocketsPerUser: config.maxSocketsPerUser });
  const { io } = sockets;
  const publisher = pointsPublisher({ io, db, log, distributed: !!o.redisUrl });

  // a reading is encoded only for rooms someone on this process watches (emit encodes before it looks at the room)
  const emit = (r: LiveReading) => {
    for (const role of Object.keys(ROLES) as Role[]) {
      const room = roomOf(role, r.deviceCode);
      if (io.of('/').adapter.rooms.has(room)) io.local.to(room).emit(ROLES[role], r);
    }
  };
  const deliver = (r: LiveReading) => {
    latest.remember(r);
    emit(r);
  };
  // every api process hears every gateway's reports: each emits to its own sockets of the owner
  // a finished occupation (or another point of a continuous one) changed its project's points: its linework too
  const pointsStored = new Map<string, number>();
  const tellOwner = (r: OccupationReport) => {
    const room = io.local.to(workspaceRoom(r.ownerId));
    room.emit(OCCUPATION_EVENT, r.occupation);
    const o = r.occupation;
    const stored = o.Status === 'done' ? Infinity : o.Progress.points;
    if (stored > (pointsStored.get(o._id) ?? 0)) {
      room.emit(LINEWORK_EVENT, { ProjectId: o.ProjectId });
      // every process hears the report: each pushes the occupation's new points to its own watchers
      publisher.changedHere(o.ProjectId);
    }
    if (o.Status === 'running' || o.Status === 'paused') pointsStored.set(o._id, stored);
    else pointsStored.delete(o._id);
  };
  // a change made through this process's api: to the owner's sockets on every process (Redis adapter)
  const onLineworkChanged = (ownerId: string, projectId: string) => {
    io.to(workspaceRoom(ownerId)).emit(LINEWORK_EVENT, { ProjectId: projectId });
    // a base-setup re-computation moves points too; a code list change finds nothing to push
    publisher.changed(projectId);
  };
  // a point change committed through this process: its project's watchers, on every process (decision 073)
  const onPointsChanged = (projectId: string) => publisher.changed(projectId);
  // nobody of the owner's on this process: the report is not even validated
  const wantsOccupation = (ownerId: string) => io.of('/').adapter.rooms.has(workspaceRoom(ownerId));
  const link = gatewayLink({
    url: o.gatewayUrl,
    ...o.service,
    log,
    onReading: o.localGateway ? undefined : deliver,
    // the embedded gateway hands them over in-process (below), as it does readings
    onOccupation: o.localGateway ? undefined : tellOwner,
    wantsOccupation,
  });
  await o.localGateway?.subscribeReadings((readings, own) => {
    for (const r of readings) {
      // the embedded gateway keeps its devices' state: a reading of its own is not kept here past its emit
      if (own) latest.rememberLocal(r.deviceCode);
      else latest.remember(r);
      emit(r);
    }
  });

  await o.localGateway?.subscribeOccupations(tellOwner, wantsOccupation);

  io.on('connection', (socket) => {
    const user = userOf(socket);
    // rooms are kept in this process by both adapters in use (in-memory, Redis): joining and leaving finish at once
    // the user's own room (sessions ended) and the current workspace's (its owner's events, decision 064); a change
    // of workspace, of role or a removal disconnects the user's sockets, which join again as they now are
    void socket.join([userRoom(user.id), workspaceRoom(user.workspace.id)]);
    handleSubscriptions(socket, { db, latest, userId: user.workspace.id, user });
    handleProjectWatch(socket, { db, publisher, user, log });
    if (socket.recovered) {
      // a recovered socket watches its projects again only after the membership check (the client asks on connect)
      for (const room of socket.rooms) if (room.startsWith('project:')) void socket.leave(room);
      reviewRecoveredRooms(socket, { db, latest, userId: user.workspace.id }).catch((err) => log.warn({ err }, 'recovered socket not reviewed'));
    }
  });

  // logout, password change, reset: the user's sockets close on every api process (Redis adapter)
  const onSessionsEnded = (userId: string) => io.in(userRoom(userId)).disconnectSockets(true);
  // removed from a workspace, a new role, another workspace (decision 064): the user's sockets leave every room of the
  // workspace at once, on every api process, and the client connects again as the user now is
  const onWorkspaceAccess = (userId: string) => io.in(userRoom(userId)).disconnectSockets(true);
  // the gateway (embedded or not) hears about a changed custom broker over MQTT
  const onSettingsChanged = (userId: string) => void link.publish(internalTopics.settingsChanged, userId).catch((err) => log.warn({ err }, 'settings change not sent to the gateway'));
  // every caster checks the account's open NTRIP pulls again and ends those no longer allowed
  const onNtripAccess = (userId: string) => void link.publish(internalTopics.ntripAccess, userId).catch((err) => log.warn({ err }, 'NTRIP access change not sent to the casters'));
  events.on('sessionsEnded', onSessionsEnded);
  events.on('workspaceAccessChanged', onWorkspaceAccess);
  events.on('settingsChanged', onSettingsChanged);
  events.on('ntripAccessChanged', onNtripAccess);
  events.on('lineworkChanged', onLineworkChanged);
  events.on('pointsChanged', onPointsChanged);

  return {
    /** Ends the device's MQTT connections and NTRIP pulls and pushes on every gateway (its secret changed or went). */
    revokeDevice: (code: string) => link.publish(internalTopics.revoke, code),
    /** Ends the NTRIP pulls of a revoked credential on every gateway (each checks them again). */
    revokeNtripCredential: (username: string) => link.publish(internalTopics.ntripRevoke, username),
    /** Who receives corrections through every gateway (NTRIP and MQTT), as they last reported it. */
    correctionsClients: () => link.correctionsClients(),
    /** A survey occupation's start, accept or cancel, to every gateway (the one the rover's epochs reach acts). */
    commandOccupation: (c: OccupationCommand) => link.publish(occupationTopics.control, JSON.stringify(c)),
    /** An Auto Fix's start or cancel, to every gateway (the one that ingests the base averages it). */
    commandAutoFix: (c: AutoFixCommand) => link.publish(autoFixTopics.control, JSON.stringify(c)),
    /** Where controllers reach the caster: the host the devices are told (as brokerUrl's) and the caster's port. */
    casterAddress(host: string): { host: string; port: number } | null {
      return o.ntripPort ? { host: host.replace(/^\[|\]$/g, ''), port: o.ntripPort } : null;
    },
    brokerUrl(host: string): string {
      return o.mqttPublicUrl ?? `mqtt://${host}:${o.mqttPort}`;
    },
    health(): { connected: boolean; gateways: ReturnType<typeof link.gateways>; totals?: GatewayCounters } {
      return { connected: link.connected(), gateways: link.gateways(), totals: link.totals() };
    },
    socketCount: () => io.of('/').sockets.size,
    /** Waits for the point-change pushes under way on this process. */
    pushesSettled: () => publisher.settled(),
    /** A device's latest reading (what a new subscriber is sent first): stake-out guides from it. */
    latestReading: async (code: string): Promise<LiveReading | undefined> => (await latest.of([code]))[0],
    async close() {
      events.off('sessionsEnded', onSessionsEnded);
      events.off('workspaceAccessChanged', onWorkspaceAccess);
      events.off('settingsChanged', onSettingsChanged);
      events.off('ntripAccessChanged', onNtripAccess);
      events.off('lineworkChanged', onLineworkChanged);
      events.off('pointsChanged', onPointsChanged);
      await link.close();
      await sockets.close();
    },
  };
}
export type LiveFeed = Awaited<ReturnType<typeof startLiveFeed>>;
