import { readFileSync } from 'node:fs';
import { allEndpoints } from '@fotodrop/contract';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../src/app';
import { buildOpenApiDocument } from '../src/http/openapi';

describe('the committed OpenAPI document', () => {
  it('matches what the contract generates (run `npm run openapi` after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(buildOpenApiDocument(API_BASE)).toEqual(committed);
  });

  it('documents every endpoint of the contract', () => {
    const document = buildOpenApiDocument(API_BASE) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(document.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBe(allEndpoints.length);
    expect(document.paths['/api/v2/users/create/']?.post).toBeDefined();
  });
});
