/**
 * The baseline for the live benchmarks: a bare aedes broker (no login, no policy) and, like the product's api, an
 * MQTT client subscribed to it over TCP that hands each message on to socket.io rooms (websocket only). No parsing,
 * no database, no session: what the pipeline cannot beat. Run as a child process; prints its two ports.
 * With the argument `broker-only` the relay client is left out: bare aedes publish -> subscribe.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { Server } from 'socket.io';

const broker = await Aedes.createBroker({ concurrency: 1000 });
const mqttServer = createServer((socket) => {
  socket.setNoDelay(true);
  broker.handle(socket);
});
await new Promise<void>((ok) => mqttServer.listen(0, '127.0.0.1', ok));
const mqttPort = (mqttServer.address() as AddressInfo).port;

const http = createHttpServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('subscribe', (codes: string[], ack?: () => void) => {
    socket.join(codes.map((c) => `live:${c}`));
    ack?.();
  });
});
await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
const httpPort = (http.address() as AddressInfo).port;

if (process.argv[2] !== 'broker-only') {
  const relay = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 });
  await relay.subscribeAsync('devices/+/nmea', { qos: 0 });
  relay.on('message', (topic, payload) => {
    const code = topic.split('/')[1]!;
    io.to(`live:${code}`).emit('live', { deviceCode: code, nmea: payload.toString('latin1') });
  });
}

process.stdout.write(`bare relay mqtt ${mqttPort} http ${httpPort}\n`);
process.on('SIGTERM', () => process.exit(0));
