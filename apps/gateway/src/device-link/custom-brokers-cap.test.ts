import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type Db, type Queryable } from '@smi/db';
import { createCounters } from '@smi/contracts';
import type { Log } from '../log.js';
import { parseOutboundAllow } from '@smi/outbound';
import { createDevice, createUser, eventually } from '../testing/fixtures.js';
import { customBrokers, MAX_CUSTOM_LINKS } from './custom-brokers.js';

// the users' own broker: a plain aedes on a free loopback port (admitted by the allow list), counting open links
let theirs: Aedes;
let server: Server;
let port: number;
const open = new Set<string>();
let db: Db;
beforeAll(async () => {
  theirs = await Aedes.createBroker();
  theirs.on('client', (c) => open.add(c.id));
  theirs.on('clientDisconnect', (c) => open.delete(c.id));
  server = createServer(theirs.handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
  await new Promise<void>((ok) => theirs.close(() => ok()));
  server.close();
});

function recordingLog() {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  const at = (fields: object, msg: string) => void lines.push({ msg, fields: fields as Record<string, unknown> });
  const log: Log = { debug: () => {}, info: at, warn: at, error: at };
  return { log, lines };
}

const setUrl = (owner: string, url: string | null) =>
  db.query('UPDATE users SET settings = $2 WHERE id = $1', [
    owner,
    JSON.stringify({ network: url ? { mqttUrlType: 'Custom', customMqttUrl: url } : { mqttUrlType: 'Default', customMqttUrl: '' } }),
  ]);

function bridge(maxLinks?: number, readsThrough: Queryable = db) {
  const rec = recordingLog();
  const links = customBrokers({
    db: readsThrough,
    log: rec.log,
    counters: createCounters(),
    onMessage: () => {},
    active: () => true,
    allow: parseOutboundAllow('127.0.0.1'),
    maxLinks,
  });
  return { links, lines: rec.lines };
}

describe('how many custom broker links the gateway holds (decision 020)', () => {
  it('defaults to 500 distinct brokers per gateway', () => {
    expect(MAX_CUSTOM_LINKS).toBe(500);
  });

  it('opens no more distinct brokers than the cap, logs the one left out, and opens it once a place is free', async () => {
    const { links, lines } = bridge(2);
    const owners = [await createUser(db), await createUser(db), await createUser(db)];
    // three accounts, three distinct URLs (their user names differ) to the same server
    const urls = owners.map((_, i) => `mqtt://user${i}:pw@127.0.0.1:${port}`);
    for (const [i, owner] of owners.entries()) {
      await createDevice(db, owner);
      await setUrl(owner, urls[i]!);
    }
    try {
      await links.refresh();
      expect(links.urls()).toHaveLength(2);
      await eventually(() => open.size === 2);
      const leftOut = urls.find((u) => !links.urls().includes(u))!;
      expect(lines.filter((l) => l.msg === 'custom broker not opened: too many open')).toHaveLength(1);
      // the password is never logged
      expect(JSON.stringify(lines)).not.toContain(':pw@');

      // one account goes back to the default network: its link closes and the one left out opens
      const leaving = owners[urls.indexOf(links.urls().find((u) => u !== leftOut)!)]!;
      await setUrl(leaving, null);
      await links.refresh();
      expect(links.urls()).toHaveLength(2);
      expect(links.urls()).toContain(leftOut);
      await eventually(() => open.size === 2);
    } finally {
      await links.close();
      for (const owner of owners) await setUrl(owner, null);
      await eventually(() => open.size === 0);
    }
  });

  it('holds one link per account: an account changing its URL again and again never holds two, however many devices it has', async () => {
    // the settings read of a refresh can be held after it ran: a refresh that read them before a change
    let hold: Promise<void> | undefined;
    let read: (() => void) | undefined;
    const gated: Queryable = {
      query: async (sql, params) => {
        const rows = await db.query(sql, params);
        if (hold && sql.includes('customMqttUrl')) {
          read?.();
          await hold;
        }
        return rows as never;
      },
    };
    const { links } = bridge(undefined, gated);
    const owner = await createUser(db);
    for (let i = 0; i < 3; i++) await createDevice(db, owner);
    try {
      let most = 0;
      for (let i = 0; i < 6; i++) {
        // a refresh already reading the settings when the URL changes (its read is sent first), then refreshes
        // asked for by the change, racing each other as settings saved in a burst make them: the ones asked for
        // after the change resolve only once the change is applied
        let release!: () => void;
        hold = new Promise((ok) => (release = ok));
        const hasRead = new Promise<void>((ok) => (read = ok));
        const running = links.refresh();
        await hasRead;
        hold = undefined;
        await setUrl(owner, `mqtt://switch${i}:pw@127.0.0.1:${port}`);
        const asked = Promise.all([links.refresh(), links.refresh()]);
        release();
        await asked;
        await running;
        most = Math.max(most, links.urls().length);
        expect(links.urls()).toEqual([`mqtt://switch${i}:pw@127.0.0.1:${port}`]);
      }
      expect(most).toBe(1);
      // the user's broker ends up with one connection from us, not one per URL ever used
      await eventually(() => open.size === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(open.size).toBe(1);
    } finally {
      await links.close();
      await setUrl(owner, null);
    }
  });
});
