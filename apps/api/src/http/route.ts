import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { describeIssues, type BodyOf, type Endpoint, type ParamsOf } from '@smi/contracts';
import { AppError } from './errors.js';
import type { SessionUser } from '../auth/session.js';

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
 * Mounts one endpoint of the contracts table: checks access, validates params and body with its zod schemas
 * (400 naming the field), checks a `userId` path parameter is the signed-in user (404 otherwise), runs the handler
 * and sends what it returns as JSON. Express 5 forwards rejections.
 */
export function mount<E extends Endpoint>(
  router: Router,
  endpoint: E,
  loadUser: (req: Request) => Promise<SessionUser | null>,
  handler: Handler<E>,
  ...before: import('express').RequestHandler[]
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  router[method](endpoint.path, ...before, async (req: Request, res: Response) => {
    const user = await loadUser(req);
    if (endpoint.access !== 'public') {
      if (!user) throw new AppError(401, 'Not authorized. Log in again.');
      if (endpoint.access === 'verified' && !user.isVerified) throw new AppError(403, 'Please verify your account first.');
    }
    // every /api/user/{userId}/... path is the signed-in user's own; any other id answers like a missing one
    if ('userId' in req.params && (!user || req.params.userId !== user.id)) throw new AppError(404, 'User not found');
    const params = endpoint.params ? parse(endpoint.params, req.params, 'path') : {};
    const body = endpoint.body ? parse(endpoint.body, req.body ?? {}, 'body') : undefined;
    const result = await (handler as (ctx: unknown) => unknown)({ params, body, req, res, user });
    if (!res.headersSent && result !== undefined) res.json(result);
  });
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, where));
  return parsed.data;
}
