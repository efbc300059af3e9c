import net from 'node:net';
import { freePort } from '../apps/api/src/testing/private-postgres.js';
import { seedSurveyor, startProduct } from './lib/product.js';
import type { BenchResult } from './lib/report.js';
import { nowMs, percentile } from './lib/stats.js';

const LOGINS = 20;
const SOCKETS = 40;

let client = 0;
/** Web logins one after the other, each timed from request to reply; each from its own address (the login budget is per address). */
async function logins(url: string, email: string, password: string, n = LOGINS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = nowMs();
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${client >> 8}.${client++ & 255}` };
    const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login -> ${res.status}`);
    times.push(nowMs() - t);
  }
  return times;
}

/** SOCKETS connections that each send a SOURCE with a wrong secret for a real base, and again as soon as answered. */
function flood(port: number, base: string) {
  let stopped = false;
  let attempts = 0;
  const sockets = new Set<net.Socket>();
  const one = () => {
    if (stopped) return;
    const s = net.connect(port, '127.0.0.1', () => s.write(`SOURCE not-the-secret-${attempts++} /${base}\r\nSource-Agent: NTRIP flood\r\n\r\n`));
    sockets.add(s);
    s.on('error', () => {});
    s.on('data', () => {});
    s.once('close', () => {
      sockets.delete(s);
      setImmediate(one);
    });
  };
  for (let i = 0; i < SOCKETS; i++) one();
  return {
    attempts: () => attempts,
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/**
 * Anonymous NTRIP logins against web logins in one process (the embedded gateway): 40 sockets sending SOURCE with a
 * wrong secret for a real base as fast as the caster answers, while a surveyor signs in on the web. Web login time
 * under the flood against the same logins without it, in the same run; the caster's per-address throttle keeps the
 * flood's bcrypt rounds from taking the libuv pool the web login's bcrypt needs.
 */
export async function run(): Promise<BenchResult> {
  const ntripPort = await freePort();
  const product = await startProduct({ NTRIP_PORT: String(ntripPort), TRUST_PROXY: '1' });
  try {
    const s = await seedSurveyor(product, 'flood');
    await logins(product.url, s.email, s.password, 5);
    const quiet = await logins(product.url, s.email, s.password);
    const f = flood(ntripPort, s.base);
    await new Promise((r) => setTimeout(r, 2000));
    const started = f.attempts();
    const t = nowMs();
    const loud = await logins(product.url, s.email, s.password);
    const rate = ((f.attempts() - started) * 1000) / (nowMs() - t);
    f.stop();
    return {
      name: 'ntrip-flood',
      figures: [
        { name: `web login p50 under ${SOCKETS} sockets of bad SOURCE`, value: percentile(loud, 50), unit: 'ms', baseline: { name: 'no flood', value: percentile(quiet, 50) }, ratioTarget: { value: 2, kind: 'max' } },
        { name: 'web login max under the flood', value: Math.max(...loud), unit: 'ms', baseline: { name: 'no flood', value: Math.max(...quiet) } },
      ],
      notes: [`${LOGINS} logins each way; the flood made ${rate.toFixed(0)} SOURCE attempts a second while the logins ran`],
    };
  } finally {
    await product.stop();
  }
}
