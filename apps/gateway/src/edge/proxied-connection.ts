import { lookup } from 'node:dns/promises';
import type { Socket } from 'node:net';
import { parseOutboundAllow } from '@smi/outbound';
import { normalAddress, readProxyHeader, type HeaderRead } from './proxy-protocol.js';

// a proxy's name is looked up again at most this often (its container may come back with another address)
const RELOOKUP_MS = 1_000;
const REFRESH_MS = 30_000;

/**
 * The proxies whose PROXY header is believed (PROXY_PROTOCOL_FROM: IPs, CIDR ranges, host names). A name is looked
 * up at start, every 30 s, and again (once a second at most) when an address it does not know sends a header, so
 * a proxy restarted with a new address is believed from its first connection.
 */
export function proxyTrust(setting: string, resolve = (host: string) => lookup(host, { all: true })) {
  const { hosts, ranges } = parseOutboundAllow(setting);
  let resolved = new Set<string>();
  let lastLookup = 0;
  let pending: Promise<void> | null = null;
  const relookup = () =>
    (pending ??= (async () => {
      lastLookup = Date.now();
      const next = new Set<string>();
      for (const host of hosts) {
        try {
          for (const a of await resolve(host)) next.add(normalAddress(a.address));
        } catch {
          // not resolvable now (the proxy is restarting): keep what it was
          for (const a of resolved) next.add(a);
        }
      }
      resolved = next;
    })().finally(() => (pending = null)));
  // not awaited: the proxy may start after the gateway (it waits for it to be healthy)
  if (hosts.size) void relookup();
  const timer = hosts.size ? setInterval(() => void relookup(), REFRESH_MS).unref() : undefined;
  const matches = (address: string) => resolved.has(address) || ranges.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  return {
    trusted: matches,
    /** `address` is not trusted: is it now, after looking the names up again? */
    async trustedAfterLookup(address: string): Promise<boolean> {
      if (!hosts.size) return false;
      if (pending) await pending;
      else if (Date.now() - lastLookup >= RELOOKUP_MS) await relookup();
      return matches(address);
    },
    close: () => clearInterval(timer),
  };
}
export type ProxyTrust = ReturnType<typeof proxyTrust>;

/**
 * Waits for the first bytes of a connection and finds whom it is for: behind a trusted proxy, the client its PROXY
 * header names (a connection from the proxy without one is refused); from anywhere else, the connection's own
 * address (one that starts with a PROXY header is refused: anybody could name any address). Resolves with the
 * client's address, the socket paused with what followed the header put back; or with null, the socket destroyed.
 */
export function acceptProxied(socket: Socket, trust: ProxyTrust, timeoutMs: number, onRefused?: (reason: string, address: string) => void): Promise<string | null> {
  const own = normalAddress(socket.remoteAddress ?? '?');
  return new Promise((done) => {
    let buf: Buffer = Buffer.alloc(0);
    let settled = false;
    const finish = (address: string | null, reason?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      if (address === null) {
        onRefused?.(reason ?? 'refused', own);
        socket.destroy();
      } else {
        socket.pause();
        if (buf.length) socket.unshift(buf);
      }
      done(address);
    };
    const decide = async (read: Exclude<HeaderRead, { kind: 'more' }>) => {
      socket.pause();
      if (read.kind === 'bad') return finish(null, read.reason);
      let trusted = trust.trusted(own);
      if (read.kind === 'none') return trusted ? finish(null, 'no PROXY header from the proxy') : finish(own);
      if (!trusted) trusted = await trust.trustedAfterLookup(own);
      if (!trusted) return finish(null, 'PROXY header from an address that is not a trusted proxy');
      buf = buf.subarray(read.length);
      finish(read.address ?? own);
    };
    const onData = (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      const read = readProxyHeader(buf);
      if (read.kind !== 'more') void decide(read);
    };
    const onClose = () => finish(null, 'closed before its first bytes');
    const timer = setTimeout(() => finish(null, 'nothing sent'), timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}
