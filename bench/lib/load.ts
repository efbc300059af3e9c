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
 * the body becomes a new id for every request (autocannon's idReplacement), as in lib/paced.ts.
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
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    duration: opts.seconds,
    connections: opts.connections,
    overallRate: opts.rate,
    idReplacement: opts.body?.includes('[<id>]') ?? false,
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
