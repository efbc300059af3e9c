import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReferenceMarkdown } from './api-reference.js';
import { endpoints } from './endpoints.js';
import { openApiDocument, openApiPath, undocumentedEndpoints } from './openapi.js';

describe('the OpenAPI document', () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>>; servers?: unknown };

  it('every endpoint of the table has its summary and reply in endpointDocs', () => {
    expect(undocumentedEndpoints()).toEqual([]);
  });

  it('has one operation per endpoint, at its path with {name} parameters', () => {
    for (const e of Object.values(endpoints)) expect(doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    expect(openApiPath('/api/points/:projectId/:pointId/epochs')).toBe('/api/points/{projectId}/{pointId}/epochs');
  });

  it('inlines every schema (a $ref or $defs inside would point at the document root)', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$ref"');
    expect(text).not.toContain('"$defs"');
  });

  it('names the server only when one is configured', () => {
    expect(doc.servers).toBeUndefined();
    expect(openApiDocument({ serverUrl: 'https://survey.example.com' }).servers).toEqual([{ url: 'https://survey.example.com' }]);
  });

  it('docs/api.md is the reference written from it (npm run docs:api writes it again)', () => {
    const page = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(page, 'docs/api.md is out of date: run npm run docs:api').toBe(apiReferenceMarkdown(doc as never));
  });
});
