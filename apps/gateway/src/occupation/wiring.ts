import { occupationCommand, occupationTopics, type OccupationReport } from '@smi/contracts';
import type { Db } from '@smi/db';
import type { Log } from '../log.js';
import { occupationEngine, type OccupationEngineOptions } from './engine.js';

/** At most this many reports in one internal message. */
const REPORTS_PER_MESSAGE = 50;

/**
 * The reports made in one turn of the event loop, sent together right after it (setImmediate) as JSON arrays: a
 * progress tick reports every running occupation at once, and 200 messages a tick through the broker and the api's
 * MQTT client made the live feed's p99 several times longer than without occupations (issue 18 bench).
 */
export function reportBatcher(send: (reports: OccupationReport[]) => void): (r: OccupationReport) => void {
  let batch: OccupationReport[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  return (r) => {
    batch.push(r);
    scheduled ??= setImmediate(() => {
      scheduled = undefined;
      const out = batch;
      batch = [];
      for (let i = 0; i < out.length; i += REPORTS_PER_MESSAGE) send(out.slice(i, i + REPORTS_PER_MESSAGE));
    });
  };
}

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
  baseReference?: OccupationEngineOptions['baseReference'];
}) {
  const topic = occupationTopics.progress(o.gatewayId);
  const consumers: ((reports: readonly OccupationReport[]) => void)[] = [];
  const send = (reports: OccupationReport[]) => {
    for (const c of consumers) c(reports);
    o.publish(topic, JSON.stringify(reports));
  };
  const engine = occupationEngine({ db: o.db, log: o.log, gatewayId: o.gatewayId, report: reportBatcher(send), baseReference: o.baseReference });
  await engine.resume();
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
