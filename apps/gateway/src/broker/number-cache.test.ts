import { createRequire } from 'node:module';
import mqtt from 'mqtt';
import { writeToStream } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { createBroker, listen } from './create-broker.js';

// mqtt-packet's own module, the one aedes and the mqtt client write with
const numbers = createRequire(import.meta.url)('mqtt-packet/numbers') as { cache: Record<number, Buffer> };

describe("the broker's packet writer", () => {
  it('never builds the table of 65,536 number Buffers, and still writes topic lengths and message ids right', async () => {
    const broker = await createBroker({ hooks: {}, onOversized: () => {} });
    expect(writeToStream.cacheNumbers).toBe(false);
    const { server, port } = await listen(broker, 0, '127.0.0.1', () => {});
    const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    const pub = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    try {
      const topic = `numbers/${'t'.repeat(300)}`; // a topic length above 255: both bytes of the number matter
      await sub.subscribeAsync(topic, { qos: 1 });
      const got: string[] = [];
      const all = new Promise<void>((ok) => sub.on('message', (t, p) => t === topic && got.push(p.toString()) === 300 && ok()));
      // QoS 1 both ways: every PUBLISH and PUBACK the broker writes carries a message id
      for (let i = 0; i < 300; i++) await pub.publishAsync(topic, String(i), { qos: 1 });
      await all;
      expect(got).toEqual(Array.from({ length: 300 }, (_, i) => String(i)));
      expect(Object.keys(numbers.cache)).toHaveLength(0);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
      await new Promise<void>((ok) => broker.close(() => ok()));
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });
});
