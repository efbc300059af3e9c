import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * INTERIM outbound rule for the NTRIP client (issue 21), the same rule as custom brokers: no loopback, link-local,
 * private, unique-local or unspecified addresses unless the operator admits them in CUSTOM_BROKER_ALLOW (a
 * comma-separated list of host names, addresses and IPv4 CIDR ranges). Issue 17's outbound guard
 * (apps/gateway/src/outbound/guard.ts, resolveAllowedAddress) replaces this one function when it lands.
 * Resolves the host and answers the address to connect to (so a name cannot resolve differently afterwards).
 */
export async function allowedNtripAddress(host: string, allowSetting: string | undefined): Promise<string> {
  const allow = (allowSetting ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  const addresses = net.isIP(name) ? [name] : (await lookup(name, { all: true })).map((a) => a.address);
  if (!addresses.length) throw new Error(`${host} does not resolve`);
  for (const a of addresses) {
    if (isPublic(a)) continue;
    if (allow.includes(name) || allow.includes(a) || allow.some((c) => inCidr(a, c))) continue;
    throw new Error(`${host} is an internal address (${a}); the operator may admit it in CUSTOM_BROKER_ALLOW`);
  }
  return addresses[0]!;
}

function v4(a: string): number[] | null {
  const m = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(a);
  return m ? m.slice(1).map(Number) : null;
}

function isPublic(a: string): boolean {
  const p = v4(a);
  if (p) {
    const [x, y] = p as [number, number];
    return !(x === 0 || x === 10 || x === 127 || (x === 169 && y === 254) || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 100 && y >= 64 && y <= 127) || x >= 224);
  }
  const s = a.toLowerCase();
  return !(s === '::' || s === '::1' || s.startsWith('fe8') || s.startsWith('fe9') || s.startsWith('fea') || s.startsWith('feb') || s.startsWith('fc') || s.startsWith('fd') || s.startsWith('::ffff:'));
}

function inCidr(a: string, cidr: string): boolean {
  const [net_, bits] = cidr.split('/');
  const p = v4(a);
  const n = net_ ? v4(net_) : null;
  if (!p || !n || bits === undefined) return false;
  const toInt = (q: number[]) => ((q[0]! << 24) >>> 0) + (q[1]! << 16) + (q[2]! << 8) + q[3]!;
  const b = Number(bits);
  const mask = b === 0 ? 0 : (~0 << (32 - b)) >>> 0;
  return (toInt(p) & mask) === (toInt(n) & mask);
}
