/**
 * The API reference page (docs/api.md), written from the OpenAPI document: one section per group, one entry per
 * endpoint with who may call it, its parameters, its body and its reply, field by field (two levels deep; the
 * document has the rest).
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A JSON Schema in a few words: "string (uuid)", "number or null", "one of: a, b", "array of object". */
export function typeOf(s: Schema): string {
  if (Array.isArray(s.enum)) return `one of: ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in s) return JSON.stringify(s.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key] as Schema[] | undefined;
    if (options) return [...new Set(options.map(typeOf))].join(' or ');
  }
  if (s.allOf) return (s.allOf as Schema[]).map(typeOf).join(' and ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (types.length === 0) return 'any';
  return types
    .map((t) => {
      if (t === 'array') return `array of ${s.items ? typeOf(s.items as Schema) : 'any'}`;
      if (t === 'string' && s.format) return `string (${s.format as string})`;
      if (t === 'integer' || t === 'number') {
        const bounds = [s.minimum !== undefined ? `>= ${s.minimum as number}` : '', s.maximum !== undefined ? `<= ${s.maximum as number}` : ''].filter(Boolean);
        return bounds.length ? `${t} ${bounds.join(', ')}` : t;
      }
      return t;
    })
    .join(' or ');
}

/** The object a schema describes, through a nullable wrapper or an array of objects; null when it is none. */
function objectOf(s: Schema): Schema | null {
  if (s.properties) return s;
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  const inner = options?.find((o) => o.properties);
  if (inner) return inner;
  if (s.type === 'array' && s.items) return objectOf(s.items as Schema);
  return null;
}

function fieldRows(s: Schema, prefix = '', depth = 0): string[] {
  const obj = objectOf(s);
  if (!obj) return [];
  const required = new Set((obj.required as string[] | undefined) ?? []);
  const rows: string[] = [];
  for (const [name, field] of Object.entries(obj.properties as Record<string, Schema>)) {
    const full = `${prefix}${name}`;
    rows.push(`| \`${full}\` | ${cell(typeOf(field))} | ${required.has(name) ? 'yes' : ''} |`);
    if (depth < 1) rows.push(...fieldRows(field, `${full}${field.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

function fieldsTable(s: Schema): string[] {
  const rows = fieldRows(s);
  if (rows.length === 0) return [`\`${typeOf(s)}\``, ''];
  return ['| field | type | required |', '|---|---|---|', ...rows, ''];
}

export function apiReferenceMarkdown(doc: { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> }): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
  const tags = [...new Set(ops.map((o) => o.op.tags[0]!))].sort();
  const out = [
    `# ${doc.info.title}: reference`,
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document; a test fails when it is out of date. Do not edit by hand. -->',
    '',
    doc.info.description,
    '',
    'The running server serves the same description as an OpenAPI 3.1 document at `GET /api/openapi.json`: give that to a',
    'client generator or an API tool. Below, each endpoint with who may call it, its parameters, its JSON body and its',
    'successful reply, field by field (nested fields one level deep; the document has every level).',
    '',
    '## Groups',
    '',
    ...tags.map((t) => `- [${t}](#${t})`),
    '',
  ];
  for (const tag of tags) {
    out.push(`## ${tag}`, '');
    for (const { path, method, op } of ops.filter((o) => o.op.tags[0] === tag)) {
      out.push(`### ${method} ${path}`, '', `${op.summary} ${op.description} Operation \`${op.operationId}\`.`, '');
      const params = op.parameters;
      if (params.length) {
        out.push('| parameter | in | type | required |', '|---|---|---|---|');
        for (const p of params) out.push(`| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required ? 'yes' : ''} |`);
        out.push('');
      }
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) out.push('Body (JSON):', '', ...fieldsTable(body));
      for (const [status, reply] of Object.entries(op.responses).filter(([s]) => /^2\d\d$/.test(s))) {
        const content = Object.entries(reply.content ?? {});
        const files = content.filter(([type]) => type !== 'application/json').map(([type]) => `\`${type}\``);
        for (const [type, { schema }] of content) {
          if (type === 'application/json') out.push(`Reply ${status} (JSON)${reply.description === 'Done.' ? '' : `: ${reply.description}`}:`, '', ...fieldsTable(schema));
        }
        if (files.length) out.push(`Reply ${status}: a file, sent as ${files.join(', ')}.`, '');
      }
      const errors = Object.entries(op.responses)
        .filter(([s]) => !/^2\d\d$/.test(s))
        .map(([s, r]) => (s === 'default' ? r.description : `${s} ${r.description}`).replace(/\.$/, ''));
      out.push(`Errors, each \`{success: false, message}\`: ${errors.join('; ')}.`, '');
    }
  }
  return out.join('\n');
}
