import { LIMITS } from '@smi/contracts';

/** Readings kept per device, newest last, at most `limit` (SPEC section 9: the last 10). */
export type History<R> = Record<string, R[]>;

export function pushReadings<R>(history: History<R>, deviceCode: string, readings: R[], limit: number = LIMITS.historyPerDevice): History<R> {
  if (readings.length === 0) return history;
  const next = [...(history[deviceCode] ?? []), ...readings];
  return { ...history, [deviceCode]: next.length > limit ? next.slice(next.length - limit) : next };
}

export const latest = <R>(history: History<R>, deviceCode: string): R | undefined => history[deviceCode]?.at(-1);
