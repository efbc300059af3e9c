import net, { isIPv6 } from 'node:net';
import { MqttClient, type IClientOptions } from 'mqtt';
import { V2_SIGNATURE } from '../edge/proxy-protocol.js';

/** A v1 header line, as nginx sends it (tests and tools). */
export function proxyV1(src: string, dst = '127.0.0.1', sport = 40000, dport = 1883): Buffer {
  const family = isIPv6(src) ? 'TCP6' : 'TCP4';
  return Buffer.from(`PROXY ${family} ${src} ${dst} ${sport} ${dport}\r\n`, 'latin1');
}

/** A v2 PROXY header for an IPv4 client (tests and tools). */
export function proxyV2(src: string, dst = '127.0.0.1', sport = 40000, dport = 1883): Buffer {
  const body = Buffer.alloc(12);
  src.split('.').forEach((o, i) => (body[i] = Number(o)));
  dst.split('.').forEach((o, i) => (body[4 + i] = Number(o)));
  body.writeUInt16BE(sport, 8);
  body.writeUInt16BE(dport, 10);
  const head = Buffer.alloc(4);
  head[0] = 0x21;
  head[1] = 0x11;
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([V2_SIGNATURE, head, body]);
}

/**
 * An MQTT client that reaches the broker the way it would behind nginx with `proxy_protocol on`: the header naming
 * `src` first, then MQTT. Resolves connected, or rejects with the CONNACK's code (or the socket's error).
 */
export function connectVia(port: number, header: Buffer | null, opts: IClientOptions): Promise<MqttClient> {
  const client = new MqttClient(() => {
    const socket = net.connect(port, '127.0.0.1');
    if (header) socket.write(header);
    return socket;
  }, { reconnectPeriod: 0, connectTimeout: 10_000, protocolVersion: 4, ...opts });
  return new Promise((ok, fail) => {
    client.once('connect', () => ok(client));
    client.once('error', (err) => {
      client.end(true);
      fail(err);
    });
    client.once('close', () => {
      if (!client.connected) fail(Object.assign(new Error('closed before CONNACK'), { code: 'closed' }));
    });
  });
}
