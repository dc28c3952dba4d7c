import { allEndpoints, apiErrorSchema, type Endpoint } from '@fotodrop/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parameters(endpoint: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

/** The OpenAPI 3 document of the whole API surface, built from the contract's endpoint declarations. */
export function buildOpenApiDocument(apiBase: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: toSchema(apiErrorSchema, 'output') } },
  };
  for (const endpoint of allEndpoints) {
    const operation: JsonSchema = {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      parameters: parameters(endpoint),
      responses: {
        [String(endpoint.status ?? 200)]: {
          description: 'Success',
          content: Object.fromEntries(
            (endpoint.produces ?? ['application/json']).map((type) => [
              type,
              {
                schema:
                  type === 'application/json'
                    ? toSchema(endpoint.response, 'output')
                    : { type: 'string', format: 'binary' },
              },
            ]),
          ),
        },
        default: errorResponse,
      },
      ...(endpoint.access === 'public' ? { security: [] } : {}),
    };
    if (endpoint.body) {
      const schema = toSchema(endpoint.body, 'input');
      operation.requestBody = {
        required: true,
        content: {
          [endpoint.bodyType ?? 'application/json']: { schema },
          ...(endpoint.multipart ? { 'multipart/form-data': { schema } } : {}),
        },
      };
    }
    const path = (endpoint.tag === 'Metrics' ? '' : apiBase) + endpoint.path;
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Fotodrop API', version: '1.0.0', description: 'Generated from packages/contract.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Token <key>` or `Bearer <key>`',
        },
      },
    },
    security: [{ token: [] }],
    paths,
  };
}
