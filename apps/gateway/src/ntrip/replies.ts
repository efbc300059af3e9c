import type { Socket } from 'node:net';

/** What the caster answers, in the dialect of each request (NTRIP 1 lines, NTRIP 2 HTTP heads). */
const NL = '\r\n';
const SERVER = 'Server: NTRIP SMI-Caster/1.0';
const date = () => `Date: ${new Date().toUTCString()}`;

export const replies = {
  NL,
  /** The realm is a constant so a missing mountpoint and a foreign one get byte-identical replies. */
  unauthorized: (v2: boolean) =>
    v2
      ? `HTTP/1.1 401 Unauthorized${NL}Ntrip-Version: Ntrip/2.0${NL}${SERVER}${NL}${date()}${NL}WWW-Authenticate: Basic realm="NTRIP"${NL}Content-Length: 0${NL}Connection: close${NL}${NL}`
      : `HTTP/1.0 401 Unauthorized${NL}${SERVER}${NL}WWW-Authenticate: Basic realm="NTRIP"${NL}Content-Length: 0${NL}${NL}`,
  badPassword: `ERROR - Bad Password${NL}`,
  badRequest: (message: string) =>
    `HTTP/1.1 400 Bad Request${NL}${SERVER}${NL}Content-Type: text/plain${NL}Content-Length: ${message.length}${NL}Connection: close${NL}${NL}${message}`,
  tooMany: (v2: boolean) =>
    v2 ? `HTTP/1.1 503 Service Unavailable${NL}Ntrip-Version: Ntrip/2.0${NL}Content-Length: 0${NL}Connection: close${NL}${NL}` : `ERROR - Too many connections${NL}`,
  busy: `HTTP/1.1 503 Service Unavailable${NL}Content-Length: 0${NL}Connection: close${NL}${NL}`,
  taken: (post: boolean) =>
    post ? `HTTP/1.1 409 Conflict${NL}Ntrip-Version: Ntrip/2.0${NL}${SERVER}${NL}Content-Length: 0${NL}Connection: close${NL}${NL}` : `ERROR - Mount Point Taken or Invalid${NL}`,
  pullOk: (v2: boolean) =>
    v2
      ? `HTTP/1.1 200 OK${NL}Ntrip-Version: Ntrip/2.0${NL}${SERVER}${NL}${date()}${NL}Cache-Control: no-store,no-cache,max-age=0${NL}Pragma: no-cache${NL}Connection: close${NL}Content-Type: gnss/data${NL}Transfer-Encoding: chunked${NL}${NL}`
      : `ICY 200 OK${NL}`,
  pushOk: (post: boolean) => (post ? `HTTP/1.1 200 OK${NL}Ntrip-Version: Ntrip/2.0${NL}${SERVER}${NL}${date()}${NL}Connection: close${NL}${NL}` : `ICY 200 OK${NL}`),
  sourcetable(v2: boolean, body: string) {
    const head = v2
      ? `HTTP/1.1 200 OK${NL}Ntrip-Version: Ntrip/2.0${NL}Ntrip-Flags: st_filter,st_auth${NL}${SERVER}${NL}${date()}${NL}Content-Type: gnss/sourcetable${NL}Content-Length: ${Buffer.byteLength(body)}${NL}Connection: close${NL}${NL}`
      : `SOURCETABLE 200 OK${NL}${SERVER}${NL}${date()}${NL}Content-Type: text/plain${NL}Content-Length: ${Buffer.byteLength(body)}${NL}Connection: close${NL}${NL}`;
    return head + body;
  },
};

/** Answers and closes. */
export const reply = (socket: Socket, text: string) => void socket.end(text);
