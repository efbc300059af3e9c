import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/**
 * autocannon against one route: a fixed total rate when `rate` is given, else as fast as it answers. Each `[<id>]` in
 * the body becomes a new id for every request, as in lib/paced.ts: the body is made per request (setupRequest), so
 * its Content-Length is its own. autocannon's idReplacement declares each id 33 bytes long (27 on top of the placeholder's 6)
 * while its ids are 24-27 characters, so the server waited for bytes that never came: every connection hung
 * until the run ended and no request of the phase was answered (its p50 read 0).
 */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  rate?: number;
}): Promise<LoadResult> {
  const { body } = opts;
  const perRequest = body?.includes('[<id>]') ?? false;
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body,
    duration: opts.seconds,
    connections: opts.connections,
    overallRate: opts.rate,
    requests: perRequest ? [{ setupRequest: (req) => ({ ...req, body: body!.replaceAll('[<id>]', randomUUID()) }) }] : undefined,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
