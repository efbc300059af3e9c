import { isIPv4, isIPv6 } from 'node:net';

/**
 * The PROXY protocol header (versions 1 and 2) a TCP proxy sends first on each connection to name the client it
 * relays: a reverse proxy (nginx's stream module with `proxy_protocol on`) hides every device behind its own address,
 * so per-address limits would be one limit for everyone (decision 038). Only the parsing lives here.
 */

export const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const V1_PREFIX = Buffer.from('PROXY ', 'latin1');
// the longest v1 line the specification allows, CRLF included
const V1_MAX = 107;
// addresses and ports of two IPv6 ends; what a proxy adds after them (TLVs) is skipped, up to this much
const V2_MAX_BODY = 1024;

export type HeaderRead =
  /** Not enough bytes yet to tell. */
  | { kind: 'more' }
  /** The bytes do not start a PROXY header. */
  | { kind: 'none' }
  | { kind: 'bad'; reason: string }
  /** A whole header, `length` bytes long; `address` is the client's, or null when the proxy names none (LOCAL, UNKNOWN). */
  | { kind: 'header'; length: number; address: string | null };

/** Whether `buf` is (so far) a prefix of `sig`, or starts with all of it. */
function startsLike(buf: Buffer, sig: Buffer): 'no' | 'prefix' | 'whole' {
  const n = Math.min(buf.length, sig.length);
  if (buf.compare(sig, 0, n, 0, n) !== 0) return 'no';
  return buf.length >= sig.length ? 'whole' : 'prefix';
}

/** Reads a PROXY header at the start of `buf` (the first bytes a connection sent). */
export function readProxyHeader(buf: Buffer): HeaderRead {
  const v1 = startsLike(buf, V1_PREFIX);
  const v2 = startsLike(buf, V2_SIGNATURE);
  if (v1 === 'no' && v2 === 'no') return { kind: 'none' };
  if (v1 === 'prefix' || v2 === 'prefix') return { kind: 'more' };
  return v1 === 'whole' ? readV1(buf) : readV2(buf);
}

function readV1(buf: Buffer): HeaderRead {
  const end = buf.indexOf('\r\n', 0, 'latin1');
  if (end < 0) return buf.length >= V1_MAX ? { kind: 'bad', reason: 'PROXY line too long' } : { kind: 'more' };
  if (end + 2 > V1_MAX) return { kind: 'bad', reason: 'PROXY line too long' };
  const parts = buf.toString('latin1', 0, end).split(' ');
  if (parts[1] === 'UNKNOWN') return { kind: 'header', length: end + 2, address: null };
  if (parts.length !== 6) return { kind: 'bad', reason: 'malformed PROXY line' };
  const [, family, src, dst, sport, dport] = parts as [string, string, string, string, string, string];
  const valid = family === 'TCP4' ? isIPv4(src) && isIPv4(dst) : family === 'TCP6' ? isIPv6(src) && isIPv6(dst) : false;
  if (!valid || !isPort(sport) || !isPort(dport)) return { kind: 'bad', reason: 'malformed PROXY line' };
  return { kind: 'header', length: end + 2, address: normalAddress(src) };
}

function readV2(buf: Buffer): HeaderRead {
  if (buf.length < 16) return { kind: 'more' };
  const verCmd = buf[12]!;
  const family = buf[13]!;
  const bodyLength = buf.readUInt16BE(14);
  if (verCmd >> 4 !== 2 || (verCmd & 0x0f) > 1) return { kind: 'bad', reason: 'unsupported PROXY v2 version or command' };
  if (bodyLength > V2_MAX_BODY) return { kind: 'bad', reason: 'PROXY v2 header too long' };
  if (buf.length < 16 + bodyLength) return { kind: 'more' };
  const length = 16 + bodyLength;
  // LOCAL: the proxy speaking for itself (its health checks); the connection's own address stands
  if ((verCmd & 0x0f) === 0) return { kind: 'header', length, address: null };
  const body = buf.subarray(16, length);
  if (family === 0x11 || family === 0x12) {
    if (body.length < 12) return { kind: 'bad', reason: 'short PROXY v2 addresses' };
    return { kind: 'header', length, address: [...body.subarray(0, 4)].join('.') };
  }
  if (family === 0x21 || family === 0x22) {
    if (body.length < 36) return { kind: 'bad', reason: 'short PROXY v2 addresses' };
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) groups.push(body.readUInt16BE(i).toString(16));
    return { kind: 'header', length, address: normalAddress(groups.join(':')) };
  }
  // AF_UNSPEC or a unix socket: no network address to go by
  return { kind: 'header', length, address: null };
}

const isPort = (s: string) => /^\d{1,5}$/.test(s) && Number(s) <= 65535;

/** One spelling per address: an IPv4 client seen through a dual-stack socket (`::ffff:a.b.c.d`) is `a.b.c.d`. */
export function normalAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // the canonical compressed form, as Node spells a socket's remoteAddress
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}
