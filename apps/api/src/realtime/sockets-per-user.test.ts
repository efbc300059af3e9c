import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, eventually, startLiveHarness, type LiveHarness } from './live-harness.js';
import { MAX_SOCKETS_PER_USER } from './socket-server.js';

// Each socket holds memory and room memberships, so one account may hold only so many (MAX_SOCKETS_PER_USER).
describe('sockets of one account', () => {
  let h: LiveHarness;
  beforeAll(async () => {
    h = await startLiveHarness();
  }, 120_000);
  afterAll(() => h.close());

  it(`are capped at ${MAX_SOCKETS_PER_USER} per api process; closing one makes room, and other accounts are not affected`, async () => {
    const owner = await h.owner();
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const s = h.socket(owner.cookie);
      await connected(s);
      open.push(s);
    }
    const extra = h.socket(owner.cookie);
    await expect(connected(extra)).rejects.toThrow(/Too many connections for this account/);
    const other = await h.owner();
    await connected(h.socket(other.cookie));

    open[0]!.close();
    // the server hears of the close a moment later
    await eventually(async () => {
      const s = h.socket(owner.cookie);
      return connected(s).then(
        () => true,
        () => false,
      );
    }, 50);
  }, 120_000);
});
