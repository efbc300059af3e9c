import { occupationCommand, occupationTopics, type OccupationReport } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import type { BaseReference } from '@smi/base-setups';
import { occupationEngineThread } from './engine-thread.js';

/**
 * The gateway's occupations: the engine, its progress published on this gateway's internal topic in batches (the
 * api forwards each report to its owner's sockets) and handed as they are to in-process consumers (the embedded
 * api: no JSON round trip for its own gateway's 400 reports a second), the api's commands taken from the control
 * topic. What a dead gateway left running is failed before this one takes devices.
 */
export async function startOccupations(o: {
  db: Db;
  log: Log;
  gatewayId: string;
  publish: (topic: string, payload: string) => void;
  baseReference?: (baseCode: string) => BaseReference | undefined;
}) {
  const topic = occupationTopics.progress(o.gatewayId);
  const consumers: ((reports: readonly OccupationReport[]) => void)[] = [];
  const engine = await occupationEngineThread({
    db: o.db,
    log: o.log,
    gatewayId: o.gatewayId,
    report: (reports, json) => {
      for (const c of consumers) c(reports);
      o.publish(topic, json);
    },
    baseReference: o.baseReference,
  });
  return {
    engine,
    topic,
    /** This gateway's reports in-process, each batch as it is published. */
    onReports(consumer: (reports: readonly OccupationReport[]) => void): void {
      consumers.push(consumer);
    },
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
