/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to dist/openapi.json, for
 * the linters (`npm run lint:openapi`) and the typed-client check.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/server/rest/openapi.js';

mkdirSync('dist', { recursive: true });
writeFileSync('dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write('dist/openapi.json written\n');
