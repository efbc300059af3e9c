/** What an NTRIP client reads and writes on the wire, apart from the connection itself. */

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

function nmeaChecksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

/** A GGA sentence with the position, as a VRS/network mountpoint wants it (time now, fix quality 1, 12 satellites). */
export function ggaSentence(latitude: number, longitude: number, height: number, now = new Date()): string {
  const dm = (v: number, degWidth: number) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = (a - d) * 60;
    return `${String(d).padStart(degWidth, '0')}${m.toFixed(5).padStart(8, '0')}`;
  };
  const t = `${String(now.getUTCHours()).padStart(2, '0')}${String(now.getUTCMinutes()).padStart(2, '0')}${String(now.getUTCSeconds()).padStart(2, '0')}.00`;
  const body = `GPGGA,${t},${dm(latitude, 2)},${latitude < 0 ? 'S' : 'N'},${dm(longitude, 3)},${longitude < 0 ? 'W' : 'E'},1,12,1.0,${height.toFixed(3)},M,0.000,M,,`;
  return `$${body}*${nmeaChecksum(body)}`;
}

export type ReplyHead =
  | { kind: 'more' }
  | { kind: 'stream'; chunked: boolean; bodyAt: number }
  | { kind: 'sourcetable' }
  | { kind: 'unauthorized' }
  | { kind: 'error'; status: string };

/**
 * What a reply's first line may be called in a message a user reads: an HTTP status code, an NTRIP 1 error line
 * ("ERROR - Bad Password"), or that it is not NTRIP. Whatever else a server at that address sends (an SSH or mail
 * banner, a web server's name) is never repeated: reading a caster's answer must not tell what runs on a port.
 */
export function replyLineText(first: string): string {
  const http = /^HTTP\/1\.[01] (\d{3})/.exec(first);
  if (http) return `HTTP ${http[1]}`;
  if (/^ERROR - [A-Za-z ]{1,40}$/.test(first)) return first;
  return first ? 'a reply that is not NTRIP' : 'nothing';
}

/**
 * Reads a caster's reply to a stream request. `ICY 200 OK` may be followed by a blank line (BKG, millipede) or
 * straight by data (RTKLIB); `HTTP/1.x 200 OK` has headers (chunked or not); a sourcetable (`SOURCETABLE 200 OK`, or
 * a 200 with a sourcetable content type) means the mountpoint is not there.
 */
export function readReplyHead(buf: Buffer): ReplyHead {
  const firstEnd = buf.indexOf('\r\n');
  if (firstEnd < 0) return buf.length > 256 ? { kind: 'error', status: 'unreadable reply' } : { kind: 'more' };
  const first = buf.subarray(0, firstEnd).toString('latin1').trim();
  if (/^ICY 200 OK$/i.test(first)) {
    let at = firstEnd + 2;
    if (buf.length < at + 2 && buf.length > at && buf[at] === 0x0d) return { kind: 'more' };
    if (buf[at] === 0x0d && buf[at + 1] === 0x0a) at += 2;
    return { kind: 'stream', chunked: false, bodyAt: at };
  }
  if (/^SOURCETABLE 200 OK/i.test(first)) return { kind: 'sourcetable' };
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(first);
  if (!m) return { kind: 'error', status: replyLineText(first) };
  const end = buf.indexOf('\r\n\r\n');
  if (m[1] === '401') return { kind: 'unauthorized' };
  if (m[1] !== '200') return { kind: 'error', status: replyLineText(first) };
  if (end < 0) return { kind: 'more' };
  const headers = buf.subarray(firstEnd + 2, end).toString('latin1').toLowerCase();
  if (/content-type:\s*gnss\/sourcetable/.test(headers)) return { kind: 'sourcetable' };
  // a text/plain reply that is a sourcetable (some NTRIP 2 casters): the body starts with STR/CAS/NET or ENDSOURCETABLE
  const body = buf.subarray(end + 4, end + 4 + 16).toString('latin1');
  if (/content-type:\s*text\/plain/.test(headers) && /^(STR;|CAS;|NET;|ENDSOURCETABLE)/.test(body)) return { kind: 'sourcetable' };
  return { kind: 'stream', chunked: /transfer-encoding:\s*chunked/.test(headers), bodyAt: end + 4 };
}

export interface SourcetableEntry {
  mountpoint: string;
  identifier: string;
  format: string;
  formatDetails: string;
  navSystem: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** The caster wants the rover's position (GGA). */
  nmea: boolean;
  /** 1: a network solution (VRS). */
  network: boolean;
}

/** The STR records of a sourcetable body (text/plain or gnss/sourcetable, NTRIP 1 or 2). */
export function parseSourcetable(text: string): SourcetableEntry[] {
  const out: SourcetableEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('STR;')) continue;
    const f = line.split(';');
    if (!f[1]) continue;
    const num = (s: string | undefined) => (s && Number.isFinite(Number(s)) ? Number(s) : null);
    out.push({
      mountpoint: f[1],
      identifier: f[2] ?? '',
      format: f[3] ?? '',
      formatDetails: f[4] ?? '',
      navSystem: f[6] ?? '',
      country: f[8] ?? '',
      latitude: num(f[9]),
      longitude: num(f[10]),
      nmea: f[11] === '1',
      network: f[12] === '1',
    });
  }
  return out;
}
