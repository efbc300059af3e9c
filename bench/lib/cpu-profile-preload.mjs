/**
 * node --cpu-prof is refused in NODE_OPTIONS, so the product under a benchmark is profiled with this preload
 * instead (NODE_OPTIONS=--import .../cpu-profile-preload.ts, BENCH_PROFILE_DIR=dir): the V8 profiler runs from the
 * start and the profile is written to dir/<pid>.cpuprofile when the process exits (dir/<pid>-thread<n>.cpuprofile for a worker
 * thread such as the embedded database's). Plain JavaScript: worker threads load NODE_OPTIONS' imports without the
 * TypeScript loader. (the in-thread inspector answers
 * synchronously, so this works inside the 'exit' handler).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(join(dir, `${process.pid}${isMainThread ? '' : `-thread${threadId}`}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
