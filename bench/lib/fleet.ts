import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FleetConfig, FleetReport } from './publisher.js';

const PUBLISHER = join(dirname(fileURLToPath(import.meta.url)), 'publisher.ts');

/** Starts a fleet of publishing rovers in a child process; resolves once every connection is up. */
export async function startFleet(cfg: FleetConfig) {
  const child = fork(PUBLISHER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<unknown>((ok, fail) => {
      child.once('message', ok);
      child.once('exit', (code) => fail(new Error(`publisher exited with ${code}`)));
    });
  child.send(cfg);
  const ready = await next();
  if (ready !== 'ready') {
    child.kill();
    throw new Error(`publisher: ${JSON.stringify(ready)}`);
  }
  return {
    pid: child.pid!,
    /** Publishes for cfg.seconds and answers how many readings left. */
    async run(): Promise<FleetReport> {
      const done = next();
      child.send('go');
      const report = (await done) as FleetReport;
      child.disconnect();
      return report;
    },
    stop: () => child.kill(),
  };
}

/** Devices split into connections of `perConnection` codes, all logging in as one user (the service credential), at `hz` when given. */
export function sharedConnections(codes: string[], perConnection: number, username: string, password?: string, hz?: number) {
  const out: FleetConfig['connections'] = [];
  for (let i = 0; i < codes.length; i += perConnection) out.push({ username, password, codes: codes.slice(i, i + perConnection), hz });
  return out;
}
