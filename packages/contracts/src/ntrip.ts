import { z } from 'zod';
import { id, noNul } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * A project's corrections from an external NTRIP caster (decision 025). The password is write-only: a reply says only
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
  getNtripSource: endpoint({ method: 'GET', path: '/api/projects/:id/ntrip-source', access: 'verified', permission: 'read', params: byId }),
  putNtripSource: endpoint({ method: 'PUT', path: '/api/projects/:id/ntrip-source', access: 'verified', permission: 'manage', params: byId, body: ntripSourceBody }),
  deleteNtripSource: endpoint({ method: 'DELETE', path: '/api/projects/:id/ntrip-source', access: 'verified', permission: 'manage', params: byId }),
  /** An external caster's mountpoints, to pick one from. */
  ntripSourcetable: endpoint({ method: 'POST', path: '/api/ntrip/sourcetable', access: 'verified', permission: 'account', body: sourcetableBody }),
};

/**
 * A user's NTRIP credentials (for a controller or a receiver that is not a registered device): the caster lets them
 * pull the user's bases and project mountpoints, or those of one project when `projectId` is given. The password is
 * made by the server and shown once; only its hash is kept.
 */
export const ntripCredentialBody = z.strictObject({
  name: z.string().trim().min(1, { message: 'name is required' }).max(60, { message: 'name must be at most 60 characters' }).regex(/^[^\r\n]*$/, { message: 'must be one line' }).refine(noNul, { message: 'must not contain NUL characters' }),
  projectId: id.nullable().default(null),
});
export type NtripCredentialBody = z.infer<typeof ntripCredentialBody>;

export const ntripCredentialView = z.object({
  id: z.string(),
  name: z.string(),
  /** The NTRIP user name (`ntrip-` and 10 hex digits). */
  username: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  createdAt: z.string(),
  /** The mountpoints it may pull now, as the caster lists them: the bases' device codes and projects' drawn names. */
  mountpoints: z.array(z.string()).default([]),
});
export type NtripCredentialView = z.infer<typeof ntripCredentialView>;

/** The Settings "NTRIP Credentials" URL: `[ntrip://|ntrip2://|http://]host[:port]/MOUNTPOINT` (NTRIP 1 unless ntrip2:// or http://; port 2101). */
export function parseNtripUrl(url: string): { host: string; port: number; mountpoint: string; version: 1 | 2 } | null {
  const m = /^(?:(ntrip|ntrip1|ntrip2|http):\/\/)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\/([A-Za-z0-9_.-]{1,100})\/?$/.exec(url.trim());
  if (!m) return null;
  const port = m[3] ? Number(m[3]) : 2101;
  if (port < 1 || port > 65535) return null;
  return { host: m[2]!.replace(/^\[|\]$/g, ''), port, mountpoint: m[4]!, version: m[1] === 'ntrip2' || m[1] === 'http' ? 2 : 1 };
}

/** Settings' NTRIP source: the password is write-only (absent keeps the stored one); an empty URL removes it. */
export const userNtripSourceBody = z.strictObject({
  url: z
    .string()
    .trim()
    .max(300)
    .refine((u) => u === '' || parseNtripUrl(u) !== null, { message: 'URL must look like ntrip://caster.example.net:2101/MOUNTPOINT' }),
  username: credential.default(''),
  password: credential.optional(),
});
export type UserNtripSourceBody = z.infer<typeof userNtripSourceBody>;

export const userNtripSourceView = z.object({
  url: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  /** Whether Settings' RTK Correction Source is NTRIP (the client runs only then). */
  inUse: z.boolean(),
  state: z.string().nullable(),
  lastError: z.string().nullable(),
  correctionAgeS: z.number().nullable(),
});
export type UserNtripSourceView = z.infer<typeof userNtripSourceView>;

/**
 * Who receives a base's corrections right now: rovers (and users' NTRIP credentials) pulling it over NTRIP, and
 * rovers subscribed to their corrections over MQTT, with the age of what each was last sent.
 */
export const correctionsClient = z.object({
  /** A rover's device code or an NTRIP credential's user name. */
  who: z.string(),
  /** The rover's name, or the credential's. */
  name: z.string().nullable(),
  via: z.enum(['ntrip', 'mqtt']),
  since: z.string(),
  /** Seconds since corrections were last sent to it; null before any. */
  ageS: z.number().nullable(),
});
export type CorrectionsClient = z.infer<typeof correctionsClient>;

/**
 * What a gateway reports every few seconds on internalTopics.correctionsClients: mount is the caster's key of the
 * stream pulled (null for MQTT rovers); who is a rover's code or, with credential, an NTRIP credential's user name.
 */
export const gatewayCorrectionsClients = z.object({
  gatewayId: z.string(),
  clients: z.array(
    z.object({
      mount: z.string().nullable(),
      who: z.string(),
      credential: z.boolean().default(false),
      via: z.enum(['ntrip', 'mqtt']),
      since: z.string(),
      ageMs: z.number().nullable(),
    }),
  ),
});
export type GatewayCorrectionsClients = z.infer<typeof gatewayCorrectionsClients>;

export const ntripUserEndpoints = {
  listNtripCredentials: endpoint({ method: 'GET', path: '/api/ntrip/credentials', access: 'verified', permission: 'manage' }),
  createNtripCredential: endpoint({ method: 'POST', path: '/api/ntrip/credentials', access: 'verified', permission: 'manage', body: ntripCredentialBody }),
  deleteNtripCredential: endpoint({ method: 'DELETE', path: '/api/ntrip/credentials/:id', access: 'verified', permission: 'manage', params: byId }),
  getUserNtripSource: endpoint({ method: 'GET', path: '/api/user/ntrip-source', access: 'verified', permission: 'account' }),
  putUserNtripSource: endpoint({ method: 'PUT', path: '/api/user/ntrip-source', access: 'verified', permission: 'account', body: userNtripSourceBody }),
  /** A base device's (or a project base's) clients now. */
  correctionsClients: endpoint({ method: 'GET', path: '/api/devices/:id/corrections-clients', access: 'verified', permission: 'read', params: byId }),
  /** A project's rovers and the pulls of its mountpoint (the network's while it takes one, else its base's). */
  projectCorrectionsClients: endpoint({ method: 'GET', path: '/api/projects/:id/corrections-clients', access: 'verified', permission: 'read', params: byId }),
};

/** Replies, as the web client parses them. */
export const ntripSourceReply = z.object({ success: z.literal(true), message: z.string().optional(), source: ntripSourceView.nullable() });
export const sourcetableEntry = z.object({
  mountpoint: z.string(),
  identifier: z.string(),
  format: z.string(),
  formatDetails: z.string(),
  navSystem: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  nmea: z.boolean(),
  network: z.boolean(),
});
export type SourcetableEntryView = z.infer<typeof sourcetableEntry>;
export const sourcetableReply = z.object({ success: z.literal(true), mountpoints: z.array(sourcetableEntry) });
/** Where this server's caster answers (null when this api process does not know: its gateway runs elsewhere on a port picked at start). */
export const ntripCasterAddress = z.object({ host: z.string(), port: z.number().int() });
export type NtripCasterAddress = z.infer<typeof ntripCasterAddress>;
export const ntripCredentialsReply = z.object({ success: z.literal(true), caster: ntripCasterAddress.nullable().default(null), credentials: z.array(ntripCredentialView) });
export const ntripCredentialCreatedReply = z.object({ success: z.literal(true), message: z.string(), credential: ntripCredentialView, password: z.string() });
export type NtripCredentialCreatedReply = z.infer<typeof ntripCredentialCreatedReply>;
export const userNtripSourceReply = z.object({ success: z.literal(true), message: z.string().optional(), source: userNtripSourceView });
/** reporting: false when this api process has no link to the gateways (the list is then unknown, not empty). */
export const correctionsClientsReply = z.object({ success: z.literal(true), reporting: z.boolean(), clients: z.array(correctionsClient) });
