import { occupationCommand, occupationTopics } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import { occupationEngine, type OccupationEngineOptions } from './engine.js';

/**
 * The gateway's occupations: the engine, its progress published on this gateway's internal topic (the api forwards
 * it to the owner's sockets), the api's commands taken from the control topic. What a dead gateway left running is
 * failed before this one takes devices.
 */
export async function startOccupations(o: {
  db: Db;
  log: Log;
  gatewayId: string;
  publish: (topic: string, payload: string) => void;
  baseReference?: OccupationEngineOptions['baseReference'];
}) {
  const topic = occupationTopics.progress(o.gatewayId);
  const engine = occupationEngine({ db: o.db, log: o.log, gatewayId: o.gatewayId, report: (r) => o.publish(topic, JSON.stringify(r)), baseReference: o.baseReference });
  await engine.resume();
  return {
    engine,
    subscribe(on: (topic: string, handler: (payload: Buffer) => void) => Promise<void>): Promise<void> {
      return on(occupationTopics.control, (payload) => {
        let data: unknown;
        try {
          data = JSON.parse(payload.toString('utf8'));
        } catch {
          return;
        }
        const c = occupationCommand.safeParse(data);
        if (c.success) engine.command(c.data).catch((err) => o.log.warn({ err, occupation: c.data.id }, 'occupation command failed'));
      });
    },
  };
}
