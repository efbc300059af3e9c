import { createClient } from 'redis';
import type { Log } from '../log.js';

const KEY = 'smi:gateway:custom-brokers-leader';
const TTL_MS = 15_000;
const RENEW_MS = 5_000;
// renew only a lock this process still holds
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface Leadership {
  isLeader(): boolean;
  close(): Promise<void>;
}

/**
 * Which gateway process keeps the custom-broker clients. Every process would otherwise read each custom broker
 * and every reading would arrive once per process. Without Redis there is one process: it leads. With Redis, a
 * lock with a short expiry: a dead leader is replaced within TTL_MS.
 */
export async function leadership(o: { redisUrl?: string; id: string; log: Log; onChange: () => void }): Promise<Leadership> {
  if (!o.redisUrl) return { isLeader: () => true, close: async () => {} };
  const redis = createClient({ url: o.redisUrl });
  redis.on('error', (err) => o.log.warn({ err }, 'redis error (leadership)'));
  await redis.connect();
  let leader = false;
  const tick = async () => {
    const was = leader;
    try {
      leader = leader
        ? (await redis.eval(RENEW, { keys: [KEY], arguments: [o.id, String(TTL_MS)] })) === 1
        : (await redis.set(KEY, o.id, { condition: 'NX', expiration: { type: 'PX', value: TTL_MS } })) === 'OK';
    } catch {
      leader = false;
    }
    if (leader !== was) {
      o.log.info({ gateway: o.id, leader }, leader ? 'this gateway now reads custom brokers' : 'this gateway stopped reading custom brokers');
      o.onChange();
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), RENEW_MS);
  timer.unref();
  return {
    isLeader: () => leader,
    async close() {
      clearInterval(timer);
      // closing: a lease not released expires on its own, and a connection that fails to quit is gone anyway
      if (leader) await redis.eval(RELEASE, { keys: [KEY], arguments: [o.id] }).catch(() => {});
      await redis.quit().catch(() => {}); // see above
    },
  };
}
