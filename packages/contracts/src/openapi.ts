import { z } from 'zod';
import { SESSION_COOKIE } from './api-description.js';
import { errorReply } from './common.js';
import type { Endpoint } from './endpoint.js';
import { endpointDocs, type EndpointDoc } from './endpoint-docs.js';
import { endpoints } from './endpoints.js';

/** The API's OpenAPI document: made from the endpoint table and its zod schemas, never written by hand. */

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends (input) or receives (output). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // refinements and transforms have no JSON Schema form: the schema says the shape, the API's 400 says the rest
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', cycles: 'throw' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Express's /api/x/:id as OpenAPI's /api/x/{id}. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, '{$1}');
}

/** The first path segment after /api names the group an endpoint is listed under. */
export function tagOf(path: string): string {
  return (path.split('/')[2] ?? 'api').replace(/\.json$/, '');
}

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'anyone.',
  session: 'a signed-in user.',
  verified: 'a signed-in user whose e-mail is verified.',
};

const errorContent = { 'application/json': { schema: jsonSchemaOf(errorReply, 'output') } };

function parameters(e: Endpoint, doc: EndpointDoc) {
  const out: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries((json.properties as Record<string, JsonSchema>) ?? {})) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    }
  };
  add(e.params, 'path');
  add(doc.query, 'query');
  return out;
}

function responses(e: Endpoint, doc: EndpointDoc) {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (doc.json) content['application/json'] = { schema: jsonSchemaOf(doc.json, 'output') };
  for (const type of doc.files ?? []) content[type] = { schema: { type: 'string', contentMediaType: type.split(';')[0]!.trim() } };
  const out: Record<string, unknown> = {
    [String(doc.status ?? 200)]: { description: doc.files && !doc.json ? 'The file.' : 'Done.', content },
  };
  for (const [status, why] of Object.entries(doc.alsoStatus ?? {})) {
    out[status] = { description: why, content: doc.json ? { 'application/json': { schema: jsonSchemaOf(doc.json, 'output') } } : errorContent };
  }
  const error = (status: number, description: string) => {
    if (!(status in out)) out[status] = { description, content: errorContent };
  };
  if (e.params || e.body || doc.query) error(400, 'bad input: the message names the field.');
  if (e.access !== 'public') error(401, 'not signed in.');
  if (e.access === 'verified') error(403, 'the e-mail is not verified yet.');
  if (e.params) error(404, "not found (another account's object answers the same).");
  out.default = { description: 'other errors: 409 conflict, 413 body too large, 429 too many tries, 503 unavailable.', content: errorContent };
  return out;
}

/** Endpoints without an entry in endpointDocs (each must have one). */
export function undocumentedEndpoints(): string[] {
  return Object.keys(endpoints).filter((name) => !(name in endpointDocs));
}

export interface OpenApiOptions {
  /** The address clients reach the API at (PUBLIC_URL); absent: relative to wherever the document was fetched. */
  serverUrl?: string;
}

export function openApiDocument(opts: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    const doc = (endpointDocs as Record<string, EndpointDoc | undefined>)[name];
    if (!doc) throw new Error(`${e.method} ${e.path} (${name}) has no entry in endpointDocs`);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: doc.summary,
      description: `Who may call it: ${ACCESS_TEXT[e.access]}`,
      tags: [tagOf(e.path)],
      security: e.access === 'public' ? [] : [{ session: [] }],
      parameters: parameters(e, doc),
      responses: responses(e, doc),
    };
    if (doc.upload) operation.requestBody = { required: true, content: Object.fromEntries(doc.upload.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])) };
    if (e.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(e.body, 'input') } } };
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site Measurement IoT API',
      version: '1',
      description:
        'The HTTP API of the survey web app. Every reply is JSON unless it is a file; every error is {success: false, message} with a 4xx or 503 status. ' +
        'Writes from a browser must come from the app\'s own origin. Sign in with POST /api/auth/login: the session is a cookie.',
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by login and register.' } },
    },
    paths,
  };
}
