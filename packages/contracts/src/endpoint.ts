import { z } from 'zod';
import type { Permission } from './roles.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: anyone; session: any signed-in user; verified: a signed-in user whose e-mail is verified. */
export type Access = 'public' | 'session' | 'verified';

export interface Endpoint<P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** Express 5 path syntax, e.g. /api/user/:userId/devices */
  path: string;
  access: Access;
  /**
   * What the signed-in user's role in the current workspace must allow (decision 064; roles.ts has the matrix).
   * Required: an endpoint without one does not compile. `account` for what is the user's own, not the workspace's.
   */
  permission: Permission;
  params?: P;
  body?: B;
}

/** Declares an endpoint once, as data: the api mounts it, the web client calls it, the tests walk the table. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export type ParamsOf<E> = E extends { params: infer P extends z.ZodType } ? z.infer<P> : Record<string, never>;
export type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.infer<B> : undefined;

/** Fills an Express path with values: pathFor('/api/x/:id', {id: 'a b'}) -> '/api/x/a%20b' */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
