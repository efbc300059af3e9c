/** Writes docs/api.md from the OpenAPI document (npm run docs:api). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiReferenceMarkdown } from '../src/api-reference.js';
import { openApiDocument } from '../src/openapi.js';

const target = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
writeFileSync(target, apiReferenceMarkdown(openApiDocument() as never));
console.log(`wrote ${target}`);
