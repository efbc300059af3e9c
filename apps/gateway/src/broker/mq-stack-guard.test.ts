import type { PublishPacket } from 'aedes';
import { describe, expect, it } from 'vitest';
import { createBroker } from './create-broker.js';

const packet = (i: number) => ({ cmd: 'publish', topic: 'load/test', payload: Buffer.from(String(i)), qos: 0, retain: false, dup: false }) as PublishPacket;

describe('the broker under a flood', () => {
  it('drains tens of thousands of queued messages without overflowing the stack, in order', async () => {
    const broker = await createBroker({ hooks: {}, onOversized: () => {} });
    const held: (() => void)[] = [];
    let holding = true;
    const got: number[] = [];
    // the first deliveries stay in flight (a slow subscriber): the broker's 1000 slots fill and the rest queue
    await new Promise<void>((ok) =>
      broker.subscribe(
        'load/test',
        (p, cb) => {
          got.push(Number(p.payload.toString()));
          if (holding) held.push(cb);
          else cb();
        },
        ok,
      ),
    );
    const total = 30_000;
    let published = 0;
    const allPublished = new Promise<void>((ok) => {
      for (let i = 0; i < total; i++) broker.publish(packet(i), () => ++published === total && ok());
    });
    expect(got.length).toBe(1000);
    // the slots free at once: every queued message is started from inside the previous one's callback
    holding = false;
    for (const cb of held.splice(0)) cb();
    await allPublished;
    expect(got).toEqual(Array.from({ length: total }, (_, i) => i));
    await new Promise<void>((ok) => broker.close(() => ok()));
  });
});
