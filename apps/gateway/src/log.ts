/** The logger shape the gateway writes to: the api passes its own, the stand-alone gateway makes one. */
export interface Log {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** A log's fields as they are written: an Error as its name and message (also what a thread can post). */
export function loggable(fields: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? { name: v.name, message: v.message } : v;
  return out;
}

/** One JSON line per event on stderr, like the api's logger. */
export function jsonLog(level: keyof typeof LEVELS = 'info'): Log {
  const at = (lvl: Exclude<keyof typeof LEVELS, 'silent'>) => (fields: object, msg: string) => {
    if (LEVELS[lvl] < LEVELS[level]) return;
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...loggable(fields) }) + '\n');
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLog = jsonLog('silent');
