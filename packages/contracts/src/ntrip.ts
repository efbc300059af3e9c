import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * A project's corrections from an external NTRIP caster (issue 21). The password is write-only: a reply says only
 * whether one is stored; a PUT without `password` keeps the stored one.
 */
const host = z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'must be a host name or an address' });
const mountpoint = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, { message: 'must be 1 to 100 letters, digits, _ . or -' });
const credential = z.string().max(200).regex(/^[^\r\n]*$/, { message: 'must be one line' });

export const ntripSourceBody = z.strictObject({
  host,
  port: z.number().int().min(1).max(65535),
  mountpoint,
  username: credential.default(''),
  password: credential.optional(),
  version: z.union([z.literal(1), z.literal(2)]).default(1),
  sendGga: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type NtripSourceBody = z.infer<typeof ntripSourceBody>;

export const ntripSourceView = z.object({
  host: z.string(),
  port: z.number(),
  mountpoint: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  version: z.number(),
  sendGga: z.boolean(),
  enabled: z.boolean(),
  /** connecting, connected, retrying, stopped */
  state: z.string(),
  lastError: z.string().nullable(),
  lastDataAt: z.string().nullable(),
  /** Seconds since corrections last arrived, null before any. */
  correctionAgeS: z.number().nullable(),
  /** The product caster's mountpoint that serves these corrections to the project's rovers. */
  casterMountpoint: z.string(),
});
export type NtripSourceView = z.infer<typeof ntripSourceView>;

export const sourcetableBody = z.strictObject({
  host,
  port: z.number().int().min(1).max(65535),
  username: credential.optional(),
  password: credential.optional(),
  version: z.union([z.literal(1), z.literal(2)]).default(1),
});

const byId = z.strictObject({ id });

export const ntripEndpoints = {
  getNtripSource: endpoint({ method: 'GET', path: '/api/projects/:id/ntrip-source', access: 'verified', params: byId }),
  putNtripSource: endpoint({ method: 'PUT', path: '/api/projects/:id/ntrip-source', access: 'verified', params: byId, body: ntripSourceBody }),
  deleteNtripSource: endpoint({ method: 'DELETE', path: '/api/projects/:id/ntrip-source', access: 'verified', params: byId }),
  /** An external caster's mountpoints, to pick one from. */
  ntripSourcetable: endpoint({ method: 'POST', path: '/api/ntrip/sourcetable', access: 'verified', body: sourcetableBody }),
};
