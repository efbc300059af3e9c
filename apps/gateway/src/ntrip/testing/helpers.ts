import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChunkedDecoder } from '@smi/ntrip';

/** gpsd's rtcm3-3 reference-station log re-encoded from its decoding (see make-capture.ts): 200 frames. */
export const CAPTURE_PATH = join(dirname(fileURLToPath(import.meta.url)), 'rtcm3-3.rtcm3');
export const capture = () => readFileSync(CAPTURE_PATH);

export const hasStr2str = spawnSync('sh', ['-c', 'command -v str2str'], { stdio: 'ignore' }).status === 0;

/**
 * str2str with its arguments, bounded by timeout(1) (it never exits by itself); stop() kills it. Without `-in` it
 * reads stdin: `write` feeds it (str2str reads a file input at full speed whether or not its output is connected yet,
 * so a test that must not lose the start of a capture writes it once the caster has taken the source).
 */
export function str2str(args: string[], seconds = 120) {
  const child: ChildProcess = spawn('timeout', [String(seconds), 'str2str', ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
  child.stdin!.on('error', () => {});
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  return {
    write: (bytes: Buffer) => child.stdin!.write(bytes),
    output: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * A raw NTRIP connection: sends `request` and collects what comes back. `head()` is the reply up to the blank line
 * (or the first line for ICY / ERROR replies); `body` holds what came after it (dechunked when `chunked`).
 */
export function rawNtrip(port: number, request: string | Buffer, o: { chunked?: boolean } = {}) {
  const socket = net.connect(port, '127.0.0.1');
  let all = Buffer.alloc(0);
  let headLen = -1;
  const body: Buffer[] = [];
  let bodyLength = 0;
  const decoder = new ChunkedDecoder();
  let closed = false;
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  socket.write(request);
  socket.on('data', (d: Buffer) => {
    if (headLen >= 0) {
      for (const part of o.chunked ? decoder.push(d) : [d]) {
        body.push(part);
        bodyLength += part.length;
      }
      return;
    }
    all = Buffer.concat([all, d]);
    const text = all.toString('latin1');
    let end = text.indexOf('\r\n\r\n');
    if (end >= 0) end += 4;
    else if (/^(ICY 200 OK|ERROR)[^\r]*\r\n/.test(text)) end = text.indexOf('\r\n') + 2;
    if (end < 0) return;
    headLen = end;
    const rest = all.subarray(end);
    for (const part of rest.length ? (o.chunked ? decoder.push(rest) : [rest]) : []) {
      body.push(part);
      bodyLength += part.length;
    }
  });
  return {
    socket,
    head: () => (headLen >= 0 ? all.subarray(0, headLen).toString('latin1') : all.toString('latin1')),
    hasHead: () => headLen >= 0,
    all: () => all.toString('latin1'),
    body: () => Buffer.concat(body),
    bodyLength: () => bodyLength,
    closed: () => closed,
  };
}

export function ntrip1Get(port: number, mount: string, user: string, password: string) {
  return rawNtrip(port, `GET /${mount} HTTP/1.0\r\nUser-Agent: NTRIP test/1.0\r\nAuthorization: ${basic(user, password)}\r\n\r\n`);
}

export function ntrip2Get(port: number, mount: string, user: string, password: string) {
  return rawNtrip(
    port,
    `GET /${mount} HTTP/1.1\r\nHost: 127.0.0.1\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP test/2.0\r\nConnection: close\r\nAuthorization: ${basic(user, password)}\r\n\r\n`,
    { chunked: true },
  );
}
