import { randomUUID } from 'node:crypto';
import type { AedesOptions, AuthenticateError, Client, PublishPacket } from 'aedes';
import { deviceTopics, isMqttSafeDeviceCode, type GatewayCounters } from '@smi/contracts';
import type { DeviceDirectory } from '../devices/directory.js';
import type { Log } from '../log.js';
import { isServiceLogin, type ServiceCredential } from '../service-credential.js';

export type Identity = { kind: 'service' } | { kind: 'device'; code: string; deviceId: string };

// CONNACK return codes (MQTT 3.1.1 table 3.1)
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

// every wrong device password costs a bcrypt round: after this many from one address for one device, that
// address's logins for that device are checked one at a time, a second apart, for a minute (other addresses and
// other devices are not affected). At most `slowLaneQueue` wait in that line; more are refused at once (CONNACK 3,
// try later) rather than queued without end. A secret this process has seen succeed costs no bcrypt, so it skips
// the line: a device that logged in before gets in at once while its code is being hammered (decision 038).
const FAILED_LOGINS = { limit: 10, windowMs: 60_000, tracked: 100_000, slowLaneMs: 1_000, slowLaneQueue: 8 };

/** The one publish rule for a device: its own devices/{code}/ topics, its corrections (the base's relay) excepted. */
export function deviceMayPublish(code: string, topic: string): boolean {
  return topic.startsWith(`devices/${code}/`) && topic !== deviceTopics.corrections(code);
}

/**
 * A will another gateway stored in Redis and this one publishes after that gateway died: aedes hands it over with
 * no client. Its client id is `{username}/{id}` (preConnect namespaces every id, empty ones included), so the
 * device that set it is known; it may only land on that device's own topics, the rule checked at its CONNECT.
 */
export function storedWillAllowed(will: { topic: string; clientId?: string }): boolean {
  const id = will.clientId ?? '';
  const slash = id.indexOf('/');
  if (slash <= 0) return false;
  const code = id.slice(0, slash);
  return isMqttSafeDeviceCode(code) && deviceMayPublish(code, will.topic);
}

function refusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Who may connect, publish and subscribe. Devices log in with their code and secret, publish only under
 * devices/{code}/ and subscribe only to devices/{code}/corrections; the service credential may do anything.
 */
export function brokerPolicy(o: {
  service: ServiceCredential;
  directory: DeviceDirectory;
  /** null: no such device, or one with no login; the check then takes as long as a wrong secret's. */
  verifySecret: (hash: string | null, password: Buffer) => Promise<boolean>;
  /** Whether this password already succeeded against this hash (answered from memory, no bcrypt). */
  remembersSecret?: (hash: string, password: Buffer) => boolean;
  counters: GatewayCounters;
  log: Log;
  /** A stored will was refused: it is deleted so that it is not tried again at every round. */
  onRefusedWill?: (will: PublishPacket) => void;
  /** Corrections are on their way to a rover connected here (its "who is connected" age). */
  onCorrectionsForward?: (code: string, client: Client) => void;
}) {
  const identities = new WeakMap<Client, Identity>();
  const requestedIds = new WeakMap<Client, string>();
  const requestedWills = new WeakMap<Client, PublishPacket>();
  const devices = new Map<string, Set<Client>>();
  // per (address, device): failures in the window, and when the next check of the slow lane may start
  const failures = new Map<string, { count: number; until: number; next?: number }>();
  const failureKey = (client: Client, username: string) => `${(client.conn as { remoteAddress?: string }).remoteAddress ?? '?'}|${username}`;
  function throttled(key: string): boolean {
    const f = failures.get(key);
    return !!f && f.count >= FAILED_LOGINS.limit && Date.now() < f.until;
  }
  const lanes = new Map<string, { tail: Promise<void>; pending: number }>();
  /** Queues a check in the key's slow lane; false when the lane is full (the caller refuses at once). */
  function slowLane(key: string, client: Client, check: () => Promise<void>): boolean {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { tail: Promise.resolve(), pending: 0 }));
    const l = lane;
    if (l.pending >= FAILED_LOGINS.slowLaneQueue) return false;
    l.pending++;
    l.tail = l.tail.then(async () => {
      const wait = (failures.get(key)?.next ?? 0) - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // a client that gave up waiting costs no check
      if (!(client as { closed?: boolean }).closed) {
        const f = failures.get(key);
        if (f) f.next = Date.now() + FAILED_LOGINS.slowLaneMs;
        await check();
      }
      if (--l.pending === 0) lanes.delete(key);
    });
    return true;
  }
  function failed(key: string) {
    const f = failures.get(key);
    if (f && Date.now() < f.until) f.count++;
    else failures.set(key, { count: 1, until: Date.now() + FAILED_LOGINS.windowMs, next: f?.next });
    if (failures.size > FAILED_LOGINS.tracked) failures.delete(failures.keys().next().value!);
  }

  const hooks: Pick<AedesOptions, 'preConnect' | 'authenticate' | 'authorizePublish' | 'authorizeSubscribe' | 'authorizeForward'> = {
    preConnect(client, packet, done) {
      requestedIds.set(client, packet.clientId ?? '');
      if (packet.will) requestedWills.set(client, packet.will as PublishPacket);
      // Sessions are kept per (username, client id): one device cannot take over, kick or read another's session
      // by choosing the same client id. An empty id (clean sessions only) gets a random one under the same
      // prefix, so a will stored in Redis always names the user that set it.
      if (typeof packet.username === 'string') packet.clientId = `${packet.username}/${packet.clientId || randomUUID()}`;
      done(null, true);
    },

    authenticate(client, username, password, done) {
      const fail = (code: number, message: string) => {
        o.counters.authFailures++;
        done(refusal(code, message), false);
      };
      const requested = requestedIds.get(client) ?? '';
      if (/[+#]/.test(requested) || (username !== undefined && /[+#]/.test(username))) return fail(IDENTIFIER_REJECTED, 'wildcards in identifiers');
      if (!requested && !client.clean) return fail(IDENTIFIER_REJECTED, 'a persistent session needs a client id');
      if (!username || !password) return fail(BAD_USERNAME_OR_PASSWORD, 'anonymous clients are not allowed');
      if (isServiceLogin(o.service, username, password)) {
        identities.set(client, { kind: 'service' });
        return done(null, true);
      }
      if (!isMqttSafeDeviceCode(username)) return fail(BAD_USERNAME_OR_PASSWORD, 'bad user name or password');
      const key = failureKey(client, username);
      const check = () =>
        o.directory
          .fresh(username)
          .then(async (device) => {
            // an unclaimed device has no login at all: its activation key claims it only when a signed-in user
            // enters it, never when the device presents it (it cannot say whose it is; decision 037)
            const admitted = await o.verifySecret(device?.claimed ? device.secretHash : null, password);
            if (!device || !admitted) {
              failed(key);
              return fail(BAD_USERNAME_OR_PASSWORD, 'bad user name or password');
            }
            failures.delete(key);
            // a will is published when the connection dies, maybe by another gateway with no client to check:
            // it must be one of the device's own messages, decided now
            const will = requestedWills.get(client);
            if (will && !deviceMayPublish(device.code, will.topic)) {
              o.counters.unauthorizedPublishes++;
              return fail(NOT_AUTHORIZED, `not authorized to set a will on ${will.topic}`);
            }
            if (will) will.retain = false;
            identities.set(client, { kind: 'device', code: device.code, deviceId: device.id });
            let set = devices.get(device.code);
            if (!set) devices.set(device.code, (set = new Set()));
            set.add(client);
            done(null, true);
          })
          .catch((err) => {
            o.log.warn({ err }, 'device authentication failed: database unavailable');
            done(refusal(SERVER_UNAVAILABLE, 'server unavailable'), false);
          });
      // after too many failures from this address for this device, its logins are still checked (a correct
      // secret always gets in: behind NAT a whole fleet shares one address) but one at a time, a second apart;
      // a secret known to be right costs nothing to check and goes straight in
      if (!throttled(key)) return void check();
      const queue = () => {
        if (!slowLane(key, client, check)) fail(SERVER_UNAVAILABLE, 'too many logins waiting for this device from this address');
      };
      o.directory.get(username).then(
        (device) => (device?.claimed && device.secretHash && o.remembersSecret?.(device.secretHash, password) ? void check() : queue()),
        queue,
      );
    },

    authorizePublish(client, packet, done) {
      if (!client) {
        // only ever a stored will of a client of a gateway that died (aedes publishes them with no client)
        if (storedWillAllowed(packet)) {
          packet.retain = false;
          return done(null);
        }
        o.counters.unauthorizedPublishes++;
        o.onRefusedWill?.(packet);
        return done(new Error(`stored will refused on ${packet.topic}`));
      }
      const who = identities.get(client);
      if (who?.kind === 'service') return done(null);
      if (who?.kind === 'device' && deviceMayPublish(who.code, packet.topic)) {
        // a device's messages are live data: nothing of theirs is kept on the broker
        packet.retain = false;
        return done(null);
      }
      o.counters.unauthorizedPublishes++;
      // MQTT 3.1.1 offers no way to refuse one PUBLISH: the message is dropped and the connection closed
      done(new Error(`not authorized to publish to ${packet.topic}`));
    },

    authorizeSubscribe(client, sub, done) {
      const who = identities.get(client);
      if (who?.kind === 'service') return done(null, sub);
      if (who?.kind === 'device' && sub.topic === deviceTopics.corrections(who.code)) return done(null, sub);
      o.counters.refusedSubscriptions++;
      // a null subscription answers SUBACK 0x80 (refused) and keeps the connection
      done(null, null);
    },

    authorizeForward(client, packet) {
      const who = identities.get(client);
      if (who?.kind === 'service') return packet;
      if (who?.kind === 'device' && packet.topic === deviceTopics.corrections(who.code)) {
        o.onCorrectionsForward?.(who.code, client);
        return packet;
      }
      return null;
    },
  };

  return {
    hooks,
    identityOf: (client: Client | null) => (client ? identities.get(client) : undefined),
    forget(client: Client) {
      const who = identities.get(client);
      if (who?.kind === 'device') devices.get(who.code)?.delete(client);
    },
    /** Ends every connection of a device (its secret changed): it must log in again with the new one. */
    disconnectDevice(code: string): number {
      const set = devices.get(code);
      if (!set) return 0;
      devices.delete(code);
      for (const client of set) client.close();
      return set.size;
    },
  };
}
export type BrokerPolicy = ReturnType<typeof brokerPolicy>;
