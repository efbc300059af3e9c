import type { Aedes, Client } from 'aedes';
import { deviceTopics, type GatewayCorrectionsClients } from '@smi/contracts';
import type { Caster } from '../ntrip/caster.js';

type Entry = GatewayCorrectionsClients['clients'][number];

/**
 * Who receives corrections through this gateway: rovers subscribed to devices/{code}/corrections over MQTT (with
 * when corrections were last forwarded to them) and the caster's NTRIP clients. The gateway reports the list on an
 * internal topic every few seconds; the api joins every gateway's lists per base.
 */
export function correctionsClients(o: { broker: Aedes; codeOf: (client: Client) => string | undefined; caster: () => Caster | undefined }) {
  const subscribed = new Map<Client, { code: string; since: number; lastAt: number }>();

  o.broker.on('subscribe', (subs, client) => {
    const code = client && o.codeOf(client);
    if (code && subs.some((s) => s.topic === deviceTopics.corrections(code)) && !subscribed.has(client))
      subscribed.set(client, { code, since: Date.now(), lastAt: 0 });
  });
  o.broker.on('unsubscribe', (topics, client) => {
    const s = client && subscribed.get(client);
    if (s && topics.includes(deviceTopics.corrections(s.code))) subscribed.delete(client);
  });
  o.broker.on('clientDisconnect', (client) => subscribed.delete(client));

  return {
    /** From the broker policy's forward hook: corrections are leaving for this client now. */
    forwarded(client: Client) {
      const s = subscribed.get(client);
      if (s) s.lastAt = Date.now();
    },
    list(): Entry[] {
      const now = Date.now();
      const out: Entry[] = [];
      for (const s of subscribed.values())
        out.push({ mount: null, who: s.code, credential: false, via: 'mqtt', since: new Date(s.since).toISOString(), ageMs: s.lastAt ? now - s.lastAt : null });
      for (const c of o.caster()?.connections() ?? [])
        out.push({ mount: c.mount, who: c.who, credential: c.credential, via: 'ntrip', since: c.since, ageMs: c.ageMs });
      return out;
    },
  };
}
