import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one rule for every outbound connection a user can configure (a custom MQTT broker, an external NTRIP
 * caster): the server must not become a user's way into the networks it sits in. A URL is refused when it is not
 * plain (control characters, percent-encoded ones included, a query, a fragment), and a host is refused when it is
 * or resolves to loopback, link-local, private, shared (CGNAT), multicast, unspecified, reserved or documentation
 * space, or an IPv6 form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), and when it is an
 * IPv4 address written in a non-dotted form (decimal, hex, octal: `2130706433`, `0x7f.1`, `0177.0.0.1`) — unless
 * the operator's allowlist admits it.
 *
 * The allowlist (`CUSTOM_BROKER_ALLOW`, and whatever setting another feature uses) is a comma-separated list of
 * IP addresses, CIDR ranges (`192.168.10.0/24`, `fd00::/8`) and host names (`broker.site.local`, exact, case
 * insensitive). A host name listed is trusted whatever it resolves to.
 *
 * Names are checked when they are resolved, at every connection attempt (`guardedLookup` given to `net.connect`,
 * `tls.connect` or `ws`): a name that later rebinds to an internal address is refused at the next reconnect, and
 * the address connected to is the one that was checked.
 */

export interface OutboundAllow {
  hosts: ReadonlySet<string>;
  ranges: BlockList;
  /** Whether anything is listed at all (a quick answer for the common case). */
  any: boolean;
}

export class OutboundRefused extends Error {
  /** Like a system error's code: a socket failing with it is reported as an error, not as a plain close. */
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** Parses an allowlist setting; an entry that is neither an address, a range nor a host name throws. */
export function parseOutboundAllow(setting: string | undefined): OutboundAllow {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of (setting ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(addr.replace(/^\[|\]$/g, ''));
    if (family && bits === undefined) ranges.addAddress(addr.replace(/^\[|\]$/g, ''), family === 6 ? 'ipv6' : 'ipv4');
    else if (family && /^\d{1,3}$/.test(bits!) && Number(bits) <= (family === 6 ? 128 : 32)) ranges.addSubnet(addr, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
    else if (bits === undefined && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/.test(entry)) hosts.add(entry.replace(/\.$/, ''));
    else throw new Error(`not an address, a CIDR range or a host name: ${raw.trim()}`);
  }
  return { hosts, ranges, any: hosts.size > 0 || ranges.rules.length > 0 };
}

const NONE = parseOutboundAllow('');

// two lists: a BlockList reads IPv4 addresses as IPv4-mapped IPv6 too, so ::ffff:0:0/96 would match every IPv4
const FORBIDDEN = (() => {
  const b = new BlockList();
  const v6 = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8], // "this network", unspecified
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // shared address space (CGNAT)
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ] as const)
    b.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 128], // unspecified
    ['::1', 128],
    ['::', 96], // IPv4-compatible
    ['::ffff:0:0', 96], // IPv4-mapped
    ['64:ff9b::', 96], // NAT64
    ['64:ff9b:1::', 48],
    ['100::', 64], // discard
    ['2001::', 32], // Teredo
    ['2001:db8::', 32], // documentation
    ['2002::', 16], // 6to4
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ] as const)
    v6.addSubnet(net, bits, 'ipv6');
  return { v4: b, v6 };
})();

/** Whether an IP address (v4 dotted or v6) is one a user-configured connection may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return family === 6 ? !FORBIDDEN.v6.check(address, 'ipv6') : !FORBIDDEN.v4.check(address, 'ipv4');
}

function admitted(allow: OutboundAllow, hostOrAddress: string, family?: number): boolean {
  if (!allow.any) return false;
  if (family) return allow.ranges.check(hostOrAddress, family === 6 ? 'ipv6' : 'ipv4');
  return allow.hosts.has(hostOrAddress.toLowerCase().replace(/\.$/, ''));
}

// what inet_aton (and so getaddrinfo) reads as an IPv4 address besides the dotted-decimal form
const NUMERIC_HOST = /^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+)){0,3}\.?$/i;
const DOTTED_DECIMAL = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// C0 controls and DEL, raw or percent-encoded (a CR/LF in a user name would be written into the CONNECT packet)
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]|%(0[0-9a-f]|1[0-9a-f]|7f)/i;

/**
 * Checks a URL a user gave for an outbound connection, before anything is resolved: its form, its scheme, and
 * its host when the host is an IP address. A host name passes here and is checked when it is resolved
 * (`resolveAllowedAddress`, `guardedLookup`). Throws `OutboundRefused` with a message fit for the user.
 */
export function checkOutboundUrl(raw: string, o: { allow?: OutboundAllow; protocols: readonly string[]; allowPath?: boolean }): URL {
  if (CONTROL.test(raw)) throw new OutboundRefused('the URL contains control characters');
  if (/\s/.test(raw)) throw new OutboundRefused('the URL contains spaces');
  if (raw.includes('?')) throw new OutboundRefused('the URL must not have a query (?...)');
  if (raw.includes('#')) throw new OutboundRefused('the URL must not have a fragment (#...)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a valid URL');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (!o.protocols.includes(scheme)) throw new OutboundRefused(`the URL must start with ${o.protocols.map((p) => `${p}://`).join(', ')}`);
  if (!url.hostname) throw new OutboundRefused('the URL has no host');
  if (!o.allowPath && url.pathname !== '' && url.pathname !== '/') throw new OutboundRefused('the URL must not have a path');
  if (url.port === '0') throw new OutboundRefused('port 0 is not a port');
  checkHost(url.hostname, o.allow ?? NONE);
  return url;
}

/** The host part of a URL (brackets of an IPv6 literal removed) checked as checkOutboundUrl does. */
export function checkHost(hostname: string, allow: OutboundAllow = NONE): void {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family) {
    if (!isPublicAddress(host) && !admitted(allow, host, family)) throw new OutboundRefused(`the address ${host} is internal (loopback, private, link-local, multicast or reserved)`);
    return;
  }
  if (NUMERIC_HOST.test(host) && !DOTTED_DECIMAL.test(host) && !admitted(allow, host)) {
    throw new OutboundRefused(`write the address ${host} as four decimal numbers (a.b.c.d)`);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host and answers its addresses when every one of them may be reached (a host whose name the
 * allowlist lists is trusted as it resolves); throws `OutboundRefused` when any may not. `lookup` is injectable
 * for tests.
 */
export async function resolveAllowedAddress(
  hostname: string,
  o: { allow?: OutboundAllow; lookup?: (host: string) => Promise<{ address: string; family: number }[]> } = {},
): Promise<ResolvedAddress[]> {
  const allow = o.allow ?? NONE;
  const host = hostname.replace(/^\[|\]$/g, '');
  checkHost(host, allow);
  const family = isIP(host);
  if (family) return [{ address: host, family: family as 4 | 6 }];
  const found = await (o.lookup ?? ((h) => dnsLookup(h, { all: true, verbatim: true })))(host);
  if (!found.length) throw new OutboundRefused(`${host} does not resolve`);
  if (!admitted(allow, host)) {
    for (const a of found) {
      if (!isPublicAddress(a.address) && !admitted(allow, a.address, a.family)) throw new OutboundRefused(`${host} resolves to an internal address (${a.address})`);
    }
  }
  return found.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
}

type LookupCallback = (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for `net.connect`, `tls.connect` and `ws` that resolves through resolveAllowedAddress: the check
 * happens at every connection attempt, on the very addresses connected to.
 */
export function guardedLookup(allow: OutboundAllow = NONE, lookup?: (host: string) => Promise<{ address: string; family: number }[]>) {
  return (hostname: string, options: { all?: boolean } | number | LookupCallback, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback)!;
    const all = typeof options === 'object' && !!options.all;
    resolveAllowedAddress(hostname, { allow, lookup }).then(
      (addresses) => (all ? cb(null, addresses) : cb(null, addresses[0]!.address, addresses[0]!.family)),
      (err: Error) => cb(err, all ? [] : ''),
    );
  };
}
