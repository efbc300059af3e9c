/**
 * The caster's logins are limited per address before any secret is hashed: a wrong NTRIP secret costs a bcrypt round
 * (about 60 ms of a libuv pool thread), and 40 sockets of SOURCE attempts once held the pool long enough to slow web
 * logins from 0.25 to 2 s. An address gets `free` checks in a window; past that, its checks run one at a time
 * `slowMs` apart, at most `queue` waiting (the rest are refused at once, without a hash). A pair (address, user name)
 * that logged in before is not held back by the address's other failures (a base behind the NAT of a noisy
 * neighbour), until it fails `free` times itself. (A secret that passed before for its hash is not checked here at
 * all: it costs no hash round; see caster-auth.ts.) At most `concurrent` checks of the caster hash at once, whoever
 * asks, so the pool always has threads for everything else (web logins, the broker, file reads).
 */
export interface AuthThrottleOptions {
  free?: number;
  windowMs?: number;
  slowMs?: number;
  queue?: number;
  concurrent?: number;
}

interface Count {
  n: number;
  until: number;
}

const TRACKED = 100_000;
const KNOWN_MS = 14 * 24 * 3600_000;

export function authThrottle(o: AuthThrottleOptions = {}) {
  const free = o.free ?? 10;
  const windowMs = o.windowMs ?? 60_000;
  const slowMs = o.slowMs ?? 1_000;
  const queueMax = o.queue ?? 4;
  const concurrent = o.concurrent ?? 2;
  const failures = new Map<string, Count>();
  // checks running now count against the budget too: a burst arrives before any of it has failed
  const inFlight = new Map<string, number>();
  const flight = (key: string, by: number) => {
    const n = (inFlight.get(key) ?? 0) + by;
    if (n > 0) inFlight.set(key, n);
    else inFlight.delete(key);
  };
  const known = new Map<string, number>();
  const lanes = new Map<string, { waiting: number; tail: Promise<void> }>();
  // when an address's slow lane may run its next check (kept after its queue empties, or the next one would not wait)
  const nextAt = new Map<string, number>();
  let running = 0;
  const slots: (() => void)[] = [];
  const stats = { slowed: 0, refused: 0 };

  const count = (key: string) => {
    const c = failures.get(key);
    return (c && Date.now() < c.until ? c.n : 0) + (inFlight.get(key) ?? 0);
  };
  const bound = <V>(map: Map<string, V>) => map.size > TRACKED && map.delete(map.keys().next().value!);

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrent) await new Promise<void>((ok) => slots.push(ok));
    running++;
    try {
      return await work();
    } finally {
      running--;
      slots.shift()?.();
    }
  }

  /** Waits its turn in the address's slow lane; false when the lane is full or the client left meanwhile. */
  function lane(address: string, gone: () => boolean): Promise<boolean> {
    let l = lanes.get(address);
    if (!l) lanes.set(address, (l = { waiting: 0, tail: Promise.resolve() }));
    if (l.waiting >= queueMax) return Promise.resolve(false);
    const mine = l;
    mine.waiting++;
    stats.slowed++;
    const turn = mine.tail.then(async () => {
      const wait = (nextAt.get(address) ?? 0) - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      nextAt.delete(address);
      nextAt.set(address, Date.now() + slowMs);
      bound(nextAt);
    });
    mine.tail = turn;
    return turn.then(() => {
      if (--mine.waiting === 0 && lanes.get(address) === mine) lanes.delete(address);
      return !gone();
    });
  }

  return {
    stats,
    /** Runs a hash check when fewer than `concurrent` of the caster's are running (else once one ends). */
    hashing: slot,
    /**
     * Runs `check` (finding who a login names and checking its secret, answering whether it passed) for a login from
     * `address` naming `user`, when the throttle lets it; undefined when it was refused without running (too many
     * waiting, or the client left).
     */
    async attempt(address: string, user: string, gone: () => boolean, check: () => Promise<boolean>): Promise<boolean | undefined> {
      const pair = `${address}|${user}`;
      const trusted = (known.get(pair) ?? 0) > Date.now() && count(pair) < free;
      if (!trusted && count(address) >= free && !(await lane(address, gone))) {
        stats.refused++;
        return undefined;
      }
      if (gone()) return undefined;
      const keys = [address, pair];
      for (const key of keys) flight(key, 1);
      let ok: boolean;
      try {
        ok = await check();
      } finally {
        for (const key of keys) flight(key, -1);
      }
      if (ok) {
        known.set(pair, Date.now() + KNOWN_MS);
        bound(known);
        return true;
      }
      for (const key of [address, pair]) {
        const c = failures.get(key);
        if (c && Date.now() < c.until) c.n++;
        else failures.set(key, { n: 1, until: Date.now() + windowMs });
      }
      bound(failures);
      return false;
    },
  };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
