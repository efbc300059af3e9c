// The container health check (plain node: the slim image has no curl).
//   node deploy/healthcheck.mjs http  -> GET /api/health on PORT answers 200 (the database answers)
//   node deploy/healthcheck.mjs mqtt  -> the broker on MQTT_PORT accepts a connection and answers an MQTT CONNECT
import net from 'node:net';

const what = process.argv[2] ?? 'http';
const fail = (why) => {
  console.error(`unhealthy: ${why}`);
  process.exit(1);
};
setTimeout(() => fail("timed out"), 15_000).unref();

if (what === 'http') {
  const port = Number(process.env.PORT || 3000);
  fetch(`http://127.0.0.1:${port}/api/health`)
    .then((r) => (r.ok ? process.exit(0) : fail(`status ${r.status}`)))
    .catch((e) => fail(e.message));
} else if (what === 'mqtt') {
  const port = Number(process.env.MQTT_PORT || 1883);
  // CONNECT, MQTT 3.1.1, clean session, keepalive 10, client id "health", no credentials: the broker answers CONNACK
  // (refused, not authorised: the point is that it answers).
  const id = Buffer.from('health');
  const body = Buffer.concat([Buffer.from([0, 4]), Buffer.from('MQTT'), Buffer.from([4, 2, 0, 10, 0, id.length]), id]);
  const packet = Buffer.concat([Buffer.from([0x10, body.length]), body]);
  const socket = net.connect(port, '127.0.0.1', () => socket.write(packet));
  socket.on('data', (d) => (d[0] === 0x20 ? process.exit(0) : fail(`unexpected reply ${d[0]}`)));
  socket.on('error', (e) => fail(e.message));
} else fail(`unknown check ${what}`);
