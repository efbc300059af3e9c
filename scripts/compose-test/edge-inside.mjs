// Run by scripts/compose-test/edge.mjs in a container on the deployment's network (an address of its own): a rover
// pulls its base's mountpoint through the proxy's NTRIP port (NTRIP 1), the base pushes an RTCM 3 capture to it, and
// the rover must get the capture byte for byte. Prints one line; exits 1 with the reason otherwise.
//   env: ROVER, ROVER_SECRET, BASE, BASE_SECRET; the capture at /capture.rtcm3
import net from 'node:net';
import { readFileSync } from 'node:fs';

const { ROVER, ROVER_SECRET, BASE, BASE_SECRET } = process.env;
const capture = readFileSync('/capture.rtcm3');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (text) => {
  console.error(text);
  process.exit(1);
};

/** Opens an NTRIP 1 request to the proxy; resolves with the socket, its status line and what came after it. */
function ntrip(head) {
  return new Promise((ok) => {
    const socket = net.connect(2101, 'proxy');
    let buf = Buffer.alloc(0);
    let answered = false;
    const conn = { socket, status: '', body: () => buf };
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (answered) return;
      const end = buf.indexOf('\r\n');
      if (end < 0) return;
      answered = true;
      conn.status = buf.subarray(0, end).toString('latin1');
      buf = buf.subarray(end + 2);
      ok(conn);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!answered) ok({ socket, status: '(closed without an answer)', body: () => buf });
    });
    socket.write(head);
  });
}

const auth = Buffer.from(`${ROVER}:${ROVER_SECRET}`).toString('base64');
const pull = await ntrip(`GET /${BASE} HTTP/1.0\r\nUser-Agent: NTRIP compose-test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
if (pull.status !== 'ICY 200 OK') fail(`the rover was answered "${pull.status}"`);
// the base's previous stream (the str2str step before, maybe on the other gateway) counts as live for 30 s
let push;
for (const until = Date.now() + 45_000; ; await sleep(2000)) {
  push = await ntrip(`SOURCE ${BASE_SECRET} /${BASE}\r\nSource-Agent: NTRIP compose-test\r\n\r\n`);
  if (!push.status.startsWith('ERROR - Mount Point Taken') || Date.now() > until) break;
}
if (push.status !== 'ICY 200 OK') fail(`the base was answered "${push.status}"`);
push.socket.write(capture);
const end = Date.now() + 30_000;
while (pull.body().length < capture.length && Date.now() < end) await sleep(100);
if (!pull.body().subarray(0, capture.length).equals(capture)) fail(`the rover got ${pull.body().length} of the base's ${capture.length} bytes, not the same`);
console.log(`rover ${ROVER} was admitted (ICY 200 OK) and got base ${BASE}'s ${capture.length} bytes byte for byte`);
push.socket.destroy();
pull.socket.destroy();
process.exit(0);
