import type { AppDeps } from '../http/deps.js';
import { purgeDeletedPoints } from './point-changes.js';

/** How often a process purges the points deleted more than 30 days ago (decision 072). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Purges expired tombstones now and then every `everyMs`, at the time `clock` says. Every api process may run it: a
 * purge is one statement, so two at once remove each point once. A failed run is logged and tried again next time.
 * Returns the stop.
 */
export function schedulePointPurge(deps: Pick<AppDeps, 'db' | 'photos' | 'log'>, everyMs = PURGE_EVERY_MS, clock: () => Date = () => new Date()): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const purged = await purgeDeletedPoints(deps.db, deps.photos, clock());
      if (purged) deps.log.info({ purged }, 'deleted points purged after their restore period');
    } catch (err) {
      deps.log.warn({ err }, 'deleted points not purged yet: tried again later');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
