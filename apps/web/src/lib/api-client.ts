import { pathFor, type Method } from '@smi/contracts';
import type { z } from 'zod';
import { toast } from 'react-toastify';

/** What a call needs from a contracts endpoint: `endpoint({...})` objects fit as they are. */
export interface Route {
  method: Method;
  path: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions<R extends z.ZodType> {
  params?: Record<string, string | number>;
  body?: unknown;
  /** A file sent as the body itself (a photo), not JSON: its type is told by its content on the server. */
  file?: Blob;
  /** Query parameters (`?name=value`). */
  query?: Record<string, string>;
  /** Reply schema from contracts: the answer is parsed with it, so screens get typed data or an error. */
  reply?: R;
  /** The caller shows the failure itself (inline box, redirect): no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (sent as the page is left or reloaded). */
  keepalive?: boolean;
}

const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/**
 * The one way the web app talks to the api: same origin, cookies included, JSON in and out.
 * A reply with success:false (or an HTTP error) becomes an ApiError carrying the server's message,
 * shown as an error toast unless the caller handles it.
 */
export async function call<R extends z.ZodType = z.ZodType<unknown>>(route: Route, opts: CallOptions<R> = {}): Promise<z.infer<R>> {
  const url = pathFor(route.path, opts.params) + (opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.file) headers['Content-Type'] = 'application/octet-stream';
  else if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      credentials: 'include',
      headers,
      body: opts.file ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return fail(new ApiError(NETWORK_MESSAGE, 0), opts.quiet);
  }
  // a body that is not JSON (a proxy's error page) leaves data undefined: the status then decides
  const data: unknown = await res.json().catch(() => undefined);
  const success = typeof data === 'object' && data !== null && 'success' in data ? (data as { success: unknown }).success : undefined;
  if (!res.ok || success === false) {
    const message = messageOf(data) ?? `Request failed (${res.status} ${res.statusText})`;
    return fail(new ApiError(message, res.status, data), opts.quiet);
  }
  if (!opts.reply) return data as z.infer<R>;
  const parsed = opts.reply.safeParse(data);
  if (!parsed.success) return fail(new ApiError('The server sent an answer this page does not understand.', res.status, data), opts.quiet);
  return parsed.data;
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' && message ? personText(message) : undefined;
}

function fail(error: ApiError, quiet?: boolean): never {
  if (!quiet) toast.error(error.message, { toastId: error.message });
  throw error;
}

/** The server's own message of a failed call (its `message`), when it sent one. */
export const serverMessage = (err: unknown) => {
  const m = err instanceof ApiError ? (err.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof m === 'string' && m ? m : undefined;
};

export const errorMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The API's validation message in words for a person: it names the field by its key first ("password: password is
 * required"), which a screen should not show. The key goes, the sentence stays, capitalised.
 */
export function personText(message: string): string {
  const keyed = /^[a-z][A-Za-z0-9_.]*: (.+)$/.exec(message);
  const text = keyed ? keyed[1]! : message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
