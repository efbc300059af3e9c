import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { LoadResult } from './load.js';
import { percentile } from './stats.js';

/** A paced run's figures and every request's latency (ms from its due instant), for runs pooled with `pooled`. */
export interface PacedResult extends LoadResult {
  samples: number[];
}

/** Several paced runs of the same load as one: percentiles over all their requests, the rate averaged, the counts summed. */
export function pooled(runs: PacedResult[]): PacedResult {
  const samples = runs.flatMap((r) => r.samples);
  const sum = (f: (r: PacedResult) => number) => runs.reduce((n, r) => n + f(r), 0);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    rps: sum((r) => r.rps) / runs.length,
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    requests: samples.length,
    samples,
  };
}

/**
 * A fixed request rate as users make it: request i leaves at start + i / rate whatever happened to the earlier
 * ones (an open loop), over at most `connections` keep-alive connections. Latency is counted from the instant the
 * request was due, so a server (or a client) falling behind is measured, not hidden. autocannon's own rate option
 * sends each second's quota in one burst at the start of the second (docs/decisions/014). Each `[<id>]` in the body
 * becomes a new id for every request (a point name a project does not have yet), as autocannon's idReplacement does.
 */
export async function paced(o: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  rate: number;
}): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const samples: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const total = Math.round(o.rate * o.seconds);
  const one = (due: number) =>
    new Promise<void>((done) => {
      const req = request(o.url, { method: o.method ?? 'GET', headers: o.headers, agent }, (res) => {
        if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
        res.on('data', () => {});
        res.on('end', () => {
          samples.push(performance.now() - due);
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(o.body?.replaceAll('[<id>]', randomUUID()));
    });
  const start = performance.now() + 20;
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 0.5) await new Promise((r) => setTimeout(r, wait));
    sent.push(one(due));
  }
  await Promise.all(sent);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), rps: samples.length / elapsed, errors, non2xx, requests: samples.length, samples };
}
