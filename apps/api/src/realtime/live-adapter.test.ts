import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@smi/contracts';
import { LiveSessionAdapter } from './live-adapter.js';
import { eventually } from './live-harness.js';

describe('connection-state recovery with live readings', () => {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], connectionStateRecovery: { maxDisconnectionDuration: 60_000 }, adapter: LiveSessionAdapter });
  let url: string;
  const serverSaw: string[] = [];
  beforeAll(async () => {
    io.on('connection', (socket) => {
      socket.join('live:R1');
      socket.on('disconnect', () => serverSaw.push('disconnect'));
    });
    await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((ok) => io.close(ok));
  });

  it('keeps no reading for replay, still replays other events to a socket that comes back', async () => {
    const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const readings: number[] = [];
    const errors: string[] = [];
    socket.on(SOCKET_EVENTS.live, (r: { n: number }) => readings.push(r.n));
    socket.on(SOCKET_EVENTS.error, (e: { message: string }) => errors.push(e.message));
    await new Promise<void>((ok) => socket.once('connect', () => ok()));
    for (let n = 0; n < 100; n++) io.to('live:R1').emit(SOCKET_EVENTS.live, { n });
    await eventually(() => readings.length === 100);
    const adapter = io.of('/').adapter as LiveSessionAdapter;
    expect(adapter.heldPackets).toBe(0);

    // the connection drops; meanwhile a reading and an error go out; the socket comes back with its session
    socket.io.engine.close();
    await eventually(() => serverSaw.includes('disconnect'));
    io.to('live:R1').emit(SOCKET_EVENTS.live, { n: 100 });
    io.to('live:R1').emit(SOCKET_EVENTS.error, { message: 'while away' });
    expect(adapter.heldPackets).toBe(1);
    const back = new Promise<boolean>((ok) => socket.once('connect', () => ok(socket.recovered)));
    socket.connect();
    const recovered = await back;
    expect(recovered).toBe(true);
    await eventually(() => errors.length === 1);
    expect(errors).toEqual(['while away']);
    expect(readings).toHaveLength(100);
    socket.close();
  });

  it('keeps no packet that nobody could be replayed: rooms with no socket and no held session', async () => {
    const adapter = io.of('/').adapter as LiveSessionAdapter;
    const before = adapter.heldPackets;
    io.to('project:nobody').emit(SOCKET_EVENTS.error, { message: 'unseen' });
    expect(adapter.heldPackets).toBe(before);

    const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((ok) => socket.once('connect', () => ok()));
    // a socket in the room: kept, in case it drops before it reads it
    io.to('live:R1').emit(SOCKET_EVENTS.error, { message: 'seen' });
    expect(adapter.heldPackets).toBe(before + 1);
    // and to every socket, while one is connected
    io.emit(SOCKET_EVENTS.error, { message: 'to all' });
    expect(adapter.heldPackets).toBe(before + 2);
    io.to('project:nobody').emit(SOCKET_EVENTS.error, { message: 'still unseen' });
    expect(adapter.heldPackets).toBe(before + 2);
    socket.close();
  });
});
