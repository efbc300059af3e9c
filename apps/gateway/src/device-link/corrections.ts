import type { Queryable } from '@smi/db';
import { deviceTopics } from '@smi/contracts';
import { devicesRepository } from '@smi/devices';

const TTL_MS = 5_000;

/**
 * Relays a base's RTCM bytes to devices/{rover}/corrections of every rover in the base's Active projects.
 * RTCM comes several times a second, so who gets it is looked up at most every few seconds per base.
 */
export function correctionsRelay(o: { db: Queryable; publish: (topic: string, payload: Buffer) => void; onRelayed: (n: number) => void }) {
  const rovers = new Map<string, { at: number; codes: Promise<string[]> }>();
  return async function relay(baseCode: string, rtcm: Buffer): Promise<void> {
    let hit = rovers.get(baseCode);
    if (!hit || Date.now() - hit.at > TTL_MS) {
      hit = { at: Date.now(), codes: devicesRepository.roversOfBase(o.db, baseCode).catch(() => []) };
      rovers.set(baseCode, hit);
    }
    const codes = await hit.codes;
    for (const code of codes) o.publish(deviceTopics.corrections(code), rtcm);
    if (codes.length) o.onRelayed(codes.length);
  };
}
