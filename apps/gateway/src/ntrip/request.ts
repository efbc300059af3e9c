/**
 * NTRIP request heads read off a raw socket (Node's HTTP parser rejects `SOURCE` and answers no `ICY`): the
 * request line and headers up to the blank line, with hard limits so garbage or an endless line costs nothing.
 */

export const MAX_HEAD_BYTES = 8 * 1024;
export const MAX_LINE_BYTES = 2 * 1024;

export interface NtripRequest {
  method: 'GET' | 'POST' | 'SOURCE';
  /** The mountpoint without its slash; '' asks for the sourcetable. */
  mount: string;
  /** NTRIP 2 when the request carries `Ntrip-Version: Ntrip/2.0`. */
  v2: boolean;
  /** SOURCE's password (NTRIP 1). */
  sourceSecret?: string;
  /** Basic credentials, when given. */
  basic?: { user: string; password: string };
  /** Lower-case header names. */
  headers: Map<string, string>;
}

export class BadRequest extends Error {}

const MOUNT = /^[A-Za-z0-9_.-]{0,100}$/;

/** Where the head ends in buf (the index after its blank line), or -1 while it is incomplete; throws on garbage. */
export function headEnd(buf: Buffer): number {
  const end = buf.indexOf('\r\n\r\n');
  const limit = end < 0 ? buf.length : end;
  // an over-long line or head, or bytes that no request line holds, end the connection before the head is whole
  let lineStart = 0;
  for (let i = 0; i < limit; i++) {
    const c = buf[i]!;
    if (c === 0x0a) lineStart = i + 1;
    else if (i - lineStart >= MAX_LINE_BYTES) throw new BadRequest('line too long');
    else if ((c < 0x20 && c !== 0x0d && c !== 0x09) || c === 0x7f) throw new BadRequest('control characters in the request');
  }
  if (end < 0) {
    if (buf.length > MAX_HEAD_BYTES) throw new BadRequest('request head too long');
    return -1;
  }
  if (end + 4 > MAX_HEAD_BYTES) throw new BadRequest('request head too long');
  return end + 4;
}

function mountOf(path: string): string {
  let p = path.startsWith('/') ? path.slice(1) : path;
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  if (!MOUNT.test(p)) throw new BadRequest('invalid mountpoint');
  return p;
}

function basicOf(value: string | undefined): NtripRequest['basic'] {
  if (!value) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value);
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  // no login holds a NUL (none can be stored, and bcrypt would stop reading a password at it): no credentials at all
  if (colon < 0 || text.includes('\u0000')) return undefined;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Parses a whole head (as found by headEnd, blank line included). */
export function parseRequest(head: Buffer): NtripRequest {
  const lines = head.toString('latin1').split('\r\n');
  const first = lines[0]!.trim();
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new BadRequest('malformed header');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const v2 = /ntrip\/2/i.test(headers.get('ntrip-version') ?? '');
  const basic = basicOf(headers.get('authorization'));
  const parts = first.split(/\s+/);
  if (parts[0] === 'SOURCE') {
    // SOURCE <secret> [/]<mount>[ HTTP/1.x]: with or without the slash, with or without a protocol
    if (parts.length < 3 || parts.length > 4 || (parts[3] && !/^HTTP\/1\.[01]$/.test(parts[3]))) throw new BadRequest('malformed SOURCE line');
    return { method: 'SOURCE', mount: mountOf(parts[2]!), v2: false, sourceSecret: parts[1]!, basic, headers };
  }
  if (parts[0] === 'GET' || parts[0] === 'POST') {
    if (parts.length !== 3 || !/^HTTP\/1\.[01]$/.test(parts[2]!)) throw new BadRequest('malformed request line');
    let path = parts[1]!;
    // an absolute URI (through a proxy) names the mountpoint after the host
    const abs = /^https?:\/\/[^/]+(\/.*)?$/i.exec(path);
    if (abs) path = abs[1] ?? '/';
    return { method: parts[0], mount: mountOf(path), v2, basic, headers };
  }
  throw new BadRequest('unsupported method');
}
