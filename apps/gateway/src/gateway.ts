import { randomUUID } from 'node:crypto';
import type { Server } from 'node:net';
import type { Aedes, PublishPacket } from 'aedes';
import { createCounters, autoFixTopics, internalTopics, liveReadingsOfPayload, occupationReportsOfPayload, occupationTopics, type GatewayStats, type LiveReading, type OccupationReport } from '@smi/contracts';
import { startOccupations } from './occupation/wiring.js';
import type { Db } from '@smi/db';
import { correctionsRelay } from './device-link/corrections.js';
import { correctionsClients } from './device-link/corrections-clients.js';
import { customBrokers } from './device-link/custom-brokers.js';
import { readingBatcher } from './device-link/reading-batch.js';
import { coalescingForwarder } from './device-link/forwarder.js';
import { ingest } from './device-link/ingest.js';
import { leadership } from './device-link/leadership.js';
import { parseOutboundAllow } from '@smi/outbound';
import type { DeviceLive } from './device-link/device-live.js';
import { createBroker, listen } from './broker/create-broker.js';
import { brokerPolicy } from './broker/policy.js';
import { filterStoredWills } from './broker/stored-wills.js';
import { secretVerifier } from '@smi/devices';
import { deviceDirectory } from './devices/directory.js';
import { deviceStateWriter } from './devices/state-writer.js';
import { baseRtcmStates } from './rtcm/state-writer.js';
import { baseReferenceNow } from './base-setups/live-reference.js';
import { autoFixRunner } from './base-setups/auto-fix.js';
import type { Log } from './log.js';
import { proxyTrust } from './edge/proxied-connection.js';
import { ntripBus } from './ntrip/bus.js';
import { startCaster, type Caster } from './ntrip/caster.js';
import { externalSources } from './ntrip/external-sources.js';
import { allowedNtripAddress } from '@smi/ntrip';
import type { ServiceCredential } from './service-credential.js';

export interface GatewayOptions {
  db: Db;
  log: Log;
  service: ServiceCredential;
  port: number;
  host?: string;
  redisUrl?: string;
  offlineAfterS: number;
  readingsPerSecond?: number;
  /** How often custom-broker subscriptions are re-read besides on a settings change (new devices). */
  customBrokerRefreshMs?: number;
  statsEveryMs?: number;
  /** How often the gateway reports who receives corrections through it (default 2 s). */
  correctionsClientsEveryMs?: number;
  /** The NTRIP caster's port (0: a free one); no caster when absent. */
  ntripPort?: number;
  /** Caster settings tests and benchmarks change (timeouts, queue, caps). */
  ntrip?: Partial<Pick<Parameters<typeof startCaster>[0], 'sourceTimeoutMs' | 'clientQueueBytes' | 'maxPerAddress' | 'maxPerAccount' | 'headTimeoutMs' | 'throttle'>>;
  /** How often every open NTRIP session is checked again besides on a signal (default 60 s). */
  ntripRecheckMs?: number;
  /** The NTRIP client's back-off and GGA period (tests). */
  ntripClient?: Parameters<typeof externalSources>[0]['client'];
  /** aedes heartbeat between gateways (ms): a gateway silent for 3 of them is dead and its clients' wills go out. */
  heartbeatIntervalMs?: number;
  /** Internal addresses, ranges and host names a custom broker URL may reach (CUSTOM_BROKER_ALLOW); none by default. */
  customBrokerAllow?: string;
  /**
   * PROXY_PROTOCOL_FROM: the proxies (IPs, CIDR ranges, host names) in front of the broker and the caster that send a
   * PROXY header naming each client; their connections must carry one and others must not (decision 038).
   */
  proxyProtocolFrom?: string;
}

/**
 * The MQTT gateway: an aedes broker devices log in to, turning their messages into LiveReadings published on
 * the internal topic, keeping device state and notifications, relaying RTCM corrections and reading custom brokers.
 */
export async function startGateway(o: GatewayOptions) {
  const id = `gw-${randomUUID().slice(0, 8)}`;
  const proxy = o.proxyProtocolFrom ? proxyTrust(o.proxyProtocolFrom) : undefined;
  const proxyRefused = (reason: string, address: string) => o.log.info({ address, reason }, 'connection refused at the PROXY header');
  const counters = createCounters();
  const directory = deviceDirectory(o.db);
  const verifier = secretVerifier();
  const policy = brokerPolicy({
    service: o.service,
    directory,
    verifySecret: verifier,
    remembersSecret: verifier.remembers,
    counters,
    log: o.log,
    onRefusedWill: (will) => refuseStoredWill(will),
    onCorrectionsForward: (_code, client) => receivers.forwarded(client),
  });
  function refuseStoredWill(will: PublishPacket) {
    const stored = will as PublishPacket & { clientId?: string; brokerId?: string };
    o.log.warn({ topic: stored.topic, client: stored.clientId }, 'stored will refused: not its device\'s topic');
    const persistence = (broker as unknown as { persistence: { delWill(client: object): Promise<unknown> } }).persistence;
    void persistence
      .delWill({ id: stored.clientId, brokerId: stored.brokerId })
      .catch((err) => o.log.warn({ err, client: stored.clientId }, 'refused stored will not deleted: refused again at the next start'));
  }
  const broker: Aedes = await createBroker({
    hooks: policy.hooks,
    heartbeatIntervalMs: o.heartbeatIntervalMs,
    redisUrl: o.redisUrl,
    onOversized: () => counters.oversized++,
    onRedisError: (err) => o.log.warn({ err }, 'redis error (broker)'),
  });
  filterStoredWills(broker, (will) => {
    counters.unauthorizedPublishes++;
    refuseStoredWill(will);
  });

  // who receives corrections through this process, for the device pages (every api process hears every gateway)
  const receivers = correctionsClients({
    broker,
    codeOf: (client) => {
      const who = policy.identityOf(client);
      return who?.kind === 'device' ? who.code : undefined;
    },
    caster: () => caster,
  });

  const publish = (topic: string, payload: Buffer | string) =>
    broker.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false } as PublishPacket, () => {});

  const ownReadingsTopic = internalTopics.readings(id);
  // in-process consumers (the embedded api) take this gateway's batches as they are: no JSON round trip, no
  // validation of what this process just built; other gateways' batches reach them through the broker
  const localConsumers: ((readings: readonly LiveReading[]) => void)[] = [];
  const batches = readingBatcher({
    max: 200,
    send: (readings) => {
      publish(ownReadingsTopic, JSON.stringify(readings));
      for (const consume of localConsumers) consume(readings);
    },
  });
  // a device's live state waits for its token as it is; the reading that goes out is made from it then
  const forwarder = coalescingForwarder<DeviceLive>({
    perSecond: o.readingsPerSecond ?? 20,
    send: (s) => batches.add(s.snapshot()),
    onCoalesced: () => counters.coalesced++,
  });
  const rtcm = baseRtcmStates({ db: o.db, log: o.log, onError: () => counters.stateWriteErrors++ });
  const relay = correctionsRelay({ db: o.db, publish, onRelayed: (n) => (counters.correctionsRelayed += n) });
  const state = deviceStateWriter({
    db: o.db,
    log: o.log,
    offlineAfterS: o.offlineAfterS,
    onError: () => counters.stateWriteErrors++,
    onOffline: (row) => forwarder.offer(ingestor.markOffline(row)),
  });
  const occupations = await startOccupations({
    db: o.db,
    log: o.log,
    gatewayId: id,
    publish,
    // an occupation's vectors are from the base as this gateway has it (when it ingests the base)
    baseReference: (code) => baseReferenceNow(rtcm.of(code), ingestor.latest(code)),
  });
  const autoFix = autoFixRunner({ db: o.db, log: o.log });
  await autoFix.resume();
  const ingestor = ingest({
    directory,
    counters,
    occupations: occupations.engine,
    onReading: (live) => {
      autoFix.reading(live);
      forwarder.offer(live);
      state.update(live);
    },
    onRtcm: (device, payload) => {
      // only frames that pass their CRC go on, byte for byte; the base's state learns from them on the way
      const good = rtcm.take(device, payload);
      if (good.length) {
        void relay(device.code, good);
        caster?.fromMqtt(device.code, good);
      }
      // corrections are a sign of life too (a base may send nothing else)
      state.update(ingestor.stateOf(device));
    },
  });

  broker.on('publish', (packet, client) => {
    if (!client || !packet.topic.startsWith('devices/')) return;
    if (!policy.identityOf(client)) return;
    void ingestor.handle(packet.topic, packet.payload as Buffer);
  });
  broker.on('clientDisconnect', (client) => policy.forget(client));
  // aedes reports failures of its background work (taking over stored wills) here; unheard, one ends the process
  (broker as unknown as NodeJS.EventEmitter).on('error', (err: Error) => o.log.warn({ err }, 'broker error'));

  let lead = { isLeader: () => false, close: async () => {} };
  const custom = customBrokers({
    db: o.db,
    log: o.log,
    counters,
    onMessage: (topic, payload) => void ingestor.handle(topic, payload),
    active: () => lead.isLeader(),
    allow: parseOutboundAllow(o.customBrokerAllow),
  });
  const later: { ntripSources?: ReturnType<typeof externalSources> } = {};
  lead = await leadership({
    redisUrl: o.redisUrl,
    id,
    log: o.log,
    onChange: () => {
      void custom.refresh();
      void later.ntripSources?.refresh();
    },
  });

  // the NTRIP caster: a base's uploads reach the MQTT relay, and every process's casters share each mountpoint
  let caster: Caster | undefined;
  if (o.ntripPort !== undefined) {
    const bus = ntripBus(id, publish);
    caster = await startCaster({
      ...o.ntrip,
      db: o.db,
      log: o.log,
      port: o.ntripPort,
      host: o.host,
      proxy,
      verifier: secretVerifier(),
      onSourceFrames: (code, bytes) => {
        void relay(code, bytes);
        // a base pushing over NTRIP feeds the same RTCM decoding as one publishing over MQTT (decision 025)
        void directory.get(code).then((device) => {
          if (device?.type === 'base') rtcm.take(device, bytes);
        });
      },
      publishRemote: bus.publish,
    });
    const c = caster;
    await subscribeInternal(broker, bus.topicOfAll, (payload, topic) => bus.receive(topic, payload, c.fromRemote));
  }
  // projects that take corrections from an external caster: one NTRIP client each, on the leading gateway
  const sources = externalSources({
    db: o.db,
    log: o.log,
    caster,
    publish,
    resolve: (host) => allowedNtripAddress(host, o.customBrokerAllow),
    active: () => lead.isLeader(),
    client: o.ntripClient,
  });
  later.ntripSources = sources;

  // open NTRIP pulls and pushes are checked again whenever what let them in may have changed, on every process
  const recheck = (only: Parameters<Caster['recheck']>[0]) =>
    void caster?.recheck(only).catch((err: unknown) => o.log.warn({ err }, 'ntrip sessions not checked again'));
  await subscribeInternal(broker, internalTopics.revoke, (payload) => {
    const code = payload.toString('utf8');
    directory.forget(code);
    const closed = policy.disconnectDevice(code);
    if (closed) o.log.info({ device: code, connections: closed }, 'device secret changed: disconnected');
    recheck({ who: code });
  });
  await subscribeInternal(broker, internalTopics.ntripRevoke, (payload) => {
    const n = caster?.endCredential(payload.toString('utf8')) ?? 0;
    if (n) o.log.info({ connections: n }, 'ntrip credential revoked: disconnected');
  });
  await subscribeInternal(broker, internalTopics.ntripAccess, (payload) => recheck({ account: payload.toString('utf8') }));
  // and every minute, all of them: a signal missed while a gateway was cut off from the others ends them then
  const recheckTimer = setInterval(() => recheck({}), o.ntripRecheckMs ?? 60_000);
  recheckTimer.unref();
  const rx = receivers;
  let reportedClients = false;
  const clientsTimer = setInterval(() => {
    const clients = rx.list();
    if (!clients.length && !reportedClients) return;
    reportedClients = clients.length > 0;
    publish(internalTopics.correctionsClients(id), JSON.stringify({ gatewayId: id, clients }));
  }, o.correctionsClientsEveryMs ?? 2000);
  clientsTimer.unref();
  await subscribeInternal(broker, internalTopics.settingsChanged, (payload) => {
    void custom.refresh();
    void sources.refresh();
    // a project's or Settings' network source changed: which streams the account's rovers may pull may have too
    recheck({ account: payload.toString('utf8') });
  });
  await occupations.subscribe((topic, handler) => subscribeInternal(broker, topic, handler));
  await subscribeInternal(broker, autoFixTopics.control, (payload) => autoFix.onCommand(payload));
  await custom.refresh();
  await sources.refresh();
  const refresher = setInterval(() => {
    void custom.refresh();
    void sources.refresh();
  }, o.customBrokerRefreshMs ?? 30_000);
  refresher.unref();

  const stats = (): GatewayStats => ({ gatewayId: id, at: new Date().toISOString(), counters: { ...counters, clientsConnected: broker.connectedClients } });
  const statsTimer = setInterval(() => publish(internalTopics.stats(id), JSON.stringify(stats())), o.statsEveryMs ?? 2000);
  statsTimer.unref();

  // after an outage of this gateway (or all of them) nobody took silent devices offline: do it before any device
  // can log in again, so a gap longer than the timeout reads Offline, then back Online, with one notification each
  await state.sweep();
  const { server, port, dropWaiting } = await listen(broker, o.port, o.host ?? '0.0.0.0', () => counters.oversized++, proxy && {
    trust: proxy,
    // as long as aedes waits for a CONNECT
    timeoutMs: 30_000,
    onRefused: proxyRefused,
  });
  o.log.info({ gateway: id, port, redis: !!o.redisUrl }, `MQTT gateway on port ${port}`);

  return {
    id,
    port,
    /** mqtt://127.0.0.1:{port}: where processes on this host reach it. */
    localUrl: `mqtt://127.0.0.1:${port}`,
    broker,
    counters,
    stats,
    /** The NTRIP caster, when ntripPort was given. */
    caster,
    /** Projects' external NTRIP sources (refresh() after a change; the api signals it through settingsChanged). */
    ntripSources: sources,
    customBrokerUrls: custom.urls,
    /** The latest reading of a device this gateway has heard from, made now from its live state. */
    /** What this gateway learnt from a base's RTCM stream (undefined if it has sent none here). */
    baseRtcm: (code: string) => rtcm.of(code),
    /** Who receives corrections through this gateway now (what it reports on the internal topic). */
    correctionsClients: () => rx.list(),
    latestReading: (code: string): LiveReading | undefined => ingestor.latest(code)?.snapshot(),
    /**
     * Every gateway's readings, taken in-process: this gateway's batches as it makes them (`own`: their latest is
     * latestReading's to give), the others' (through Redis) decoded and validated from their messages.
     */
    async subscribeReadings(handler: (readings: readonly LiveReading[], own: boolean) => void) {
      localConsumers.push((readings) => handler(readings, true));
      await subscribeInternal(broker, internalTopics.allReadings, (payload, topic) => {
        if (topic !== ownReadingsTopic) handler(liveReadingsOfPayload(payload), false);
      });
    },
    /**
     * Every gateway's occupation reports, taken in-process, each of an owner `wanted` accepts: this gateway's as its
     * engine makes them (not validated: this process built them), the others' (through Redis) decoded from their
     * progress topics and validated.
     */
    async subscribeOccupations(handler: (report: OccupationReport) => void, wanted: (ownerId: string) => boolean) {
      occupations.onReports((reports) => {
        for (const r of reports) if (wanted(r.ownerId)) handler(r);
      });
      await subscribeInternal(broker, occupationTopics.allProgress, (payload, topic) => {
        if (topic !== occupations.topic) for (const r of occupationReportsOfPayload(payload, wanted)) handler(r);
      });
    },
    async close() {
      clearInterval(refresher);
      clearInterval(statsTimer);
      clearInterval(clientsTimer);
      clearInterval(recheckTimer);
      sources.close();
      await caster?.close();
      // the server finishes closing once aedes has closed every client connection
      const serverClosed = closeServer(server);
      dropWaiting();
      proxy?.close();
      await new Promise<void>((ok) => broker.close(() => ok()));
      // aedes closes its emitter but not its persistence: on Redis that client went on reconnecting after close
      // closing: a persistence that fails to close has nothing left to keep
      if (o.redisUrl) await (broker as unknown as { persistence: { destroy(): Promise<void> } }).persistence.destroy().catch(() => {});
      await serverClosed;
      forwarder.close();
      batches.close();
      await occupations.engine.close();
      await autoFix.close();
      await custom.close();
      await lead.close();
      await state.close();
      await rtcm.flush();
    },
  };
}
export type Gateway = Awaited<ReturnType<typeof startGateway>>;

function subscribeInternal(broker: Aedes, topic: string, handler: (payload: Buffer, topic: string) => void): Promise<void> {
  return new Promise((ok) =>
    broker.subscribe(
      topic,
      (packet, cb) => {
        handler(packet.payload as Buffer, packet.topic);
        cb();
      },
      ok,
    ),
  );
}

function closeServer(server: Server): Promise<void> {
  return new Promise((ok) => server.close(() => ok()));
}
