import type { PublishPacket } from 'aedes';
import { describe, expect, it } from 'vitest';
import { createCounters, internalTopics } from '@smi/contracts';
import { brokerPolicy, storedWillAllowed } from './policy.js';
import { silentLog } from '../log.js';
import { serviceCredential } from '../service-credential.js';

const will = (topic: string, clientId?: string) => ({ cmd: 'publish', topic, payload: Buffer.from('x'), qos: 0, retain: true, dup: false, clientId }) as PublishPacket & { clientId?: string };

describe('a will another gateway stored, published with no client', () => {
  it('may only land on the own topics of the device named by its client id', () => {
    expect(storedWillAllowed(will('devices/ROVER-1/status', 'ROVER-1/field'))).toBe(true);
    expect(storedWillAllowed(will('devices/ROVER-2/status', 'ROVER-1/field'))).toBe(false);
    expect(storedWillAllowed(will('devices/ROVER-1/corrections', 'ROVER-1/field'))).toBe(false);
    expect(storedWillAllowed(will(internalTopics.revoke, 'ROVER-1/field'))).toBe(false);
    expect(storedWillAllowed(will(internalTopics.readings('gw-x'), 'ROVER-1/field'))).toBe(false);
    // an id that names no device (aedes' own random ids, the service) and no id at all
    expect(storedWillAllowed(will('devices/ROVER-1/status', 'aedes_123'))).toBe(false);
    expect(storedWillAllowed(will(internalTopics.revoke, '$smi-service/api'))).toBe(false);
    expect(storedWillAllowed(will('devices/ROVER-1/status'))).toBe(false);
  });

  it('is refused by authorizePublish (counted, reported for deletion) and an allowed one loses its retain flag', async () => {
    const counters = createCounters();
    const refused: string[] = [];
    const policy = brokerPolicy({
      service: serviceCredential({ jwtSecret: 'test-secret-that-is-long-enough-to-be-real-0123456789' }),
      directory: {} as never,
      verifySecret: async () => false,
      counters,
      log: silentLog,
      onRefusedWill: (w) => refused.push(w.topic),
    });
    const authorize = (p: PublishPacket) => new Promise<Error | null>((ok) => policy.hooks.authorizePublish!(null, p, (err) => ok(err ?? null)));
    const forged = will(internalTopics.revoke, 'ROVER-1/field');
    expect(await authorize(forged)).toBeInstanceOf(Error);
    expect(refused).toEqual([internalTopics.revoke]);
    expect(counters.unauthorizedPublishes).toBe(1);
    const own = will('devices/ROVER-1/status', 'ROVER-1/field');
    expect(await authorize(own)).toBeNull();
    expect(own.retain).toBe(false);
  });
});
