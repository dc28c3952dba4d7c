import { writeFileSync } from 'node:fs';
import { API_BASE } from '../src/app';
import { buildOpenApiDocument } from '../src/http/openapi';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(API_BASE), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
