import net, { type Socket } from 'node:net';
import { ChunkedDecoder } from './chunked.js';
import { basicAuth, ggaSentence, parseSourcetable, readReplyHead, replyLineText, type SourcetableEntry } from './client-wire.js';

/** Where the client tells why it retries (the gateway's log: the api's own or the stand-alone one's). */
export interface ClientLog {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
}

export interface NtripClientOptions {
  host: string;
  port: number;
  mountpoint: string;
  username: string;
  password: string;
  version: 1 | 2;
  /** The rover's position for network/VRS mountpoints (GGA every ggaEveryMs); null when none is known yet. */
  position?: () => { latitude: number; longitude: number; height: number } | null;
  ggaEveryMs?: number;
  /** The address to connect to for the host, or a throw when the outbound rule refuses it. */
  resolve: (host: string) => Promise<string>;
  onData: (bytes: Buffer) => void;
  onState?: (s: NtripClientState) => void;
  log: ClientLog;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** No data for this long: the connection is dropped and made again (default 30 s). */
  idleMs?: number;
}

export interface NtripClientState {
  state: 'connecting' | 'connected' | 'retrying' | 'stopped';
  /** Why the last attempt ended, in words (401, no such mountpoint, refused host, …). */
  error: string | null;
  /** When corrections last arrived (ms since the epoch), 0 before any. */
  lastDataAt: number;
  bytes: number;
  /** While retrying: how long until the next attempt, ms (the back-off doubles from its floor to its ceiling). */
  retryInMs?: number;
}

/**
 * An NTRIP client that pulls a mountpoint from an external caster and hands its bytes on; it reconnects with
 * back-off and tolerates the usual variants: `ICY 200 OK` with or without a blank line, `HTTP/1.x 200 OK` chunked or
 * not, a sourcetable instead of the stream (no such mountpoint), 401.
 */
export function ntripClient(o: NtripClientOptions) {
  const minBackoff = o.minBackoffMs ?? 1000;
  const maxBackoff = o.maxBackoffMs ?? 60_000;
  const st: NtripClientState = { state: 'connecting', error: null, lastDataAt: 0, bytes: 0 };
  let backoff = minBackoff;
  let socket: Socket | null = null;
  let retry: NodeJS.Timeout | null = null;
  let gga: NodeJS.Timeout | null = null;
  let stopped = false;

  const emit = (patch: Partial<NtripClientState>) => {
    Object.assign(st, patch);
    o.onState?.({ ...st });
  };

  function sendGga(s: Socket) {
    const p = o.position?.();
    if (p && !s.destroyed) s.write(ggaSentence(p.latitude, p.longitude, p.height) + '\r\n');
  }

  async function attempt() {
    retry = null;
    if (stopped) return;
    emit({ state: 'connecting' });
    let address: string;
    try {
      address = await o.resolve(o.host);
    } catch (err) {
      return scheduleRetry(err instanceof Error ? err.message : String(err));
    }
    if (stopped) return;
    const s = net.connect({ host: address, port: o.port });
    socket = s;
    let ended: string | null = null;
    let gotData = false;
    s.setTimeout(o.idleMs ?? 30_000, () => {
      ended ??= 'no data from the caster';
      s.destroy();
    });
    s.on('error', (err) => {
      // the user reads that no caster answered; the log keeps why (refused, unreachable, reset)
      o.log.debug({ host: o.host, port: o.port, err: err.message }, 'ntrip client: connection failed');
      ended ??= `no caster answered at ${o.host}:${o.port}`;
    });
    s.on('close', () => {
      if (gga) clearInterval(gga);
      gga = null;
      if (socket === s) socket = null;
      if (gotData) backoff = minBackoff;
      scheduleRetry(ended ?? 'the caster closed the connection');
    });
    s.once('connect', () => {
      const auth = o.username || o.password ? `Authorization: ${basicAuth(o.username, o.password)}\r\n` : '';
      const p = o.position?.();
      const head =
        o.version === 2
          ? `GET /${o.mountpoint} HTTP/1.1\r\nHost: ${o.host}:${o.port}\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP SMI/1.0\r\n${
              p ? `Ntrip-GGA: ${ggaSentence(p.latitude, p.longitude, p.height)}\r\n` : ''
            }Connection: close\r\n${auth}\r\n`
          : `GET /${o.mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP SMI/1.0\r\n${auth}\r\n`;
      s.write(head);
      if (o.version === 1) sendGga(s);
    });
    let head = Buffer.alloc(0);
    let decoder: ChunkedDecoder | null = null;
    let streaming = false;
    s.on('data', (d: Buffer) => {
      if (!streaming) {
        head = Buffer.concat([head, d]);
        const r = readReplyHead(head);
        if (r.kind === 'more') {
          if (head.length > 16 * 1024) {
            ended = 'unreadable reply';
            s.destroy();
          }
          return;
        }
        if (r.kind !== 'stream') {
          ended = r.kind === 'unauthorized' ? 'the caster refused the credentials (401)' : r.kind === 'sourcetable' ? `no mountpoint ${o.mountpoint} on the caster` : `the caster answered: ${r.status}`;
          s.destroy();
          return;
        }
        streaming = true;
        decoder = r.chunked ? new ChunkedDecoder() : null;
        emit({ state: 'connected', error: null });
        gga = setInterval(() => sendGga(s), o.ggaEveryMs ?? 10_000);
        d = head.subarray(r.bodyAt);
        head = Buffer.alloc(0);
        if (!d.length) return;
      }
      let parts: Buffer[];
      try {
        parts = decoder ? decoder.push(d) : [d];
      } catch {
        ended = 'malformed chunked stream';
        s.destroy();
        return;
      }
      for (const part of parts) {
        if (!part.length) continue;
        gotData = true;
        st.lastDataAt = Date.now();
        st.bytes += part.length;
        o.onData(part);
      }
    });
  }

  function scheduleRetry(error: string) {
    if (stopped) return;
    o.log.info({ host: o.host, mountpoint: o.mountpoint, error, retryInMs: backoff }, 'ntrip client: retrying');
    emit({ state: 'retrying', error, retryInMs: backoff });
    retry = setTimeout(() => void attempt(), backoff);
    backoff = Math.min(maxBackoff, backoff * 2);
  }

  void attempt();
  return {
    state: (): NtripClientState => ({ ...st }),
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (gga) clearInterval(gga);
      socket?.destroy();
      emit({ state: 'stopped' });
    },
  };
}

/**
 * The sourcetable of an external caster (for picking a mountpoint): `GET /` in NTRIP 1 or 2; the body is read up
 * to its Content-Length, ENDSOURCETABLE or the close, at most 1 MB, within timeoutMs.
 */
export async function fetchSourcetable(o: {
  host: string;
  port: number;
  username?: string;
  password?: string;
  version: 1 | 2;
  resolve: (host: string) => Promise<string>;
  timeoutMs?: number;
}): Promise<SourcetableEntry[]> {
  const address = await o.resolve(o.host);
  const unreachable = `no caster answered at ${o.host}:${o.port}`;
  return new Promise((ok, fail) => {
    const s = net.connect({ host: address, port: o.port });
    const timer = setTimeout(() => {
      s.destroy();
      fail(new Error(unreachable));
    }, o.timeoutMs ?? 10_000);
    let buf = Buffer.alloc(0);
    let done = false;
    const auth = o.username || o.password ? `Authorization: ${basicAuth(o.username ?? '', o.password ?? '')}\r\n` : '';
    s.once('connect', () =>
      s.write(
        o.version === 2
          ? `GET / HTTP/1.1\r\nHost: ${o.host}:${o.port}\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP SMI/1.0\r\nConnection: close\r\n${auth}\r\n`
          : `GET / HTTP/1.0\r\nUser-Agent: NTRIP SMI/1.0\r\n${auth}\r\n`,
      ),
    );
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      const text = buf.toString('latin1');
      const first = text.slice(0, text.indexOf('\r\n'));
      if (/^HTTP\/1\.[01] 401/.test(first)) return fail(new Error('the caster refused the credentials (401)'));
      if (!/^(SOURCETABLE 200 OK|HTTP\/1\.[01] 200)/.test(first)) return fail(new Error(`the caster answered: ${replyLineText(first)}`));
      const bodyAt = text.indexOf('\r\n\r\n');
      const raw = bodyAt < 0 ? '' : text.slice(bodyAt + 4);
      const body = /transfer-encoding:\s*chunked/i.test(text.slice(0, bodyAt)) ? Buffer.concat(new ChunkedDecoder().push(Buffer.from(raw, 'latin1'))).toString('latin1') : raw;
      ok(parseSourcetable(body));
    };
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length > 1024 * 1024 || /ENDSOURCETABLE\r?\n/.test(buf.subarray(Math.max(0, buf.length - d.length - 20)).toString('latin1'))) finish();
    });
    // refused, unreachable or silent: one answer, so the reply tells no more about the port than "no caster there"
    s.on('error', () => {
      clearTimeout(timer);
      fail(new Error(unreachable));
    });
    s.on('close', () => buf.length && finish());
  });
}
