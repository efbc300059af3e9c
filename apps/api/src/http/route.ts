import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { describeIssues, type BodyOf, type Endpoint, type ParamsOf } from '@smi/contracts';
import { AppError } from './errors.js';
import type { SessionUser } from '../auth/session.js';
import type { Queryable } from '@smi/db';
import { authorize, recorderOf } from './authorize.js';

export interface RouteContext<E extends Endpoint> {
  params: ParamsOf<E>;
  body: BodyOf<E>;
  req: Request;
  res: Response;
}
export interface AuthedContext<E extends Endpoint> extends RouteContext<E> {
  user: SessionUser;
}

type Handler<E extends Endpoint> = E['access'] extends 'public'
  ? (ctx: RouteContext<E> & { user: SessionUser | null }) => Promise<unknown> | unknown
  : (ctx: AuthedContext<E>) => Promise<unknown> | unknown;

/**
 * Mounts one endpoint of the contracts table: checks access, checks a `userId` path parameter is the signed-in user
 * (404 otherwise), checks the user's role in the current workspace allows the endpoint's permission (403, decision
 * 064), validates params and body with its zod schemas (400 naming the field), for a point's change checks who
 * recorded it, runs the handler and sends what it returns as JSON. Express 5 forwards rejections.
 */
export function mount<E extends Endpoint>(
  router: Router,
  endpoint: E,
  loadUser: (req: Request) => Promise<SessionUser | null>,
  handler: Handler<E>,
  ...before: import('express').RequestHandler[]
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  // a change of a point is allowed by who recorded it: the path must name the point
  if (endpoint.permission === 'edit-own' && !/:projectId\/:pointId\b/.test(endpoint.path)) {
    throw new Error(`${endpoint.method} ${endpoint.path}: an edit-own endpoint names :projectId/:pointId`);
  }
  router[method](endpoint.path, ...before, async (req: Request, res: Response) => {
    const user = await loadUser(req);
    if (endpoint.access !== 'public') {
      if (!user) throw new AppError(401, 'Not authorized. Log in again.');
      if (endpoint.access === 'verified' && !user.isVerified) throw new AppError(403, 'Please verify your account first.');
    }
    // every /api/user/{userId}/... path is the signed-in user's own; any other id answers like a missing one
    if ('userId' in req.params && (!user || req.params.userId !== user.id)) throw new AppError(404, 'User not found');
    if (user && endpoint.access !== 'public') authorize(user, endpoint.permission);
    const params = endpoint.params ? parse(endpoint.params, req.params, 'path') : {};
    const body = endpoint.body ? parse(endpoint.body, req.body ?? {}, 'body') : undefined;
    if (user && endpoint.permission === 'edit-own') {
      const { projectId, pointId } = params as { projectId: string; pointId: string };
      const recordedBy = await recorderOf(req.app.locals.db as Queryable, user.workspace.id, projectId, pointId);
      // a point that is not there (or not the workspace's) is the handler's 404
      if (recordedBy !== undefined) authorize(user, 'edit-own', recordedBy);
    }
    const result = await (handler as (ctx: unknown) => unknown)({ params, body, req, res, user });
    if (!res.headersSent && result !== undefined) res.json(result);
  });
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, where));
  const bad = unstorableText(parsed.data);
  if (bad) throw new AppError(400, `${bad.length ? bad.join('.') : where}: must not contain NUL characters or unpaired surrogates`);
  return parsed.data;
}

/** A UTF-16 surrogate without its pair: in a `u` regular expression a pair is one code point, so only a lone one matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where in a parsed body or path a text holds U+0000 or an unpaired surrogate, or null. Neither is text: PostgreSQL
 * refuses U+0000 in text and in JSON, and JSON columns refuse an unpaired surrogate's escape; a file or a screen cannot
 * show them either. Checked here once for every field of every endpoint, keys included, so none of them reaches the
 * database as a 500.
 */
export function unstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  const bad = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
  if (typeof value === 'string') return bad(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      if (bad(k)) return path;
      const found = unstorableText(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
