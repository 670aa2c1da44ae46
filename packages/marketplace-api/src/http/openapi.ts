import { z } from 'zod';
import type { Resource } from './resources.ts';

const errorResponse = { $ref: '#/components/schemas/Error' };

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
}

/** OpenAPI 3.1 document of the resources, with request and response schemas from packages/contracts. */
export function openApiDocument(resources: readonly Resource[], errorSchema: z.ZodType) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of resources) {
    const pathParams = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const ops: Record<string, unknown> = {};
    for (const [method, m] of Object.entries(r.methods)) {
      const query = Object.entries(m.query ?? {}).map(([name, description]) => ({
        name,
        in: 'query',
        required: false,
        description,
        schema: { type: 'string' },
      }));
      const headers = Object.entries(m.headers ?? {}).map(([name, description]) => ({
        name,
        in: 'header',
        required: false,
        description,
        schema: { type: 'string' },
      }));
      ops[method.toLowerCase()] = {
        summary: m.description,
        tags: [r.name],
        parameters: [...pathParams, ...query, ...headers],
        ...(m.auth === 'none' ? { security: [] } : {}),
        ...(m.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(m.body) } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: m.response ? jsonSchema(m.response) : {} } },
          },
          default: { description: 'Error', content: { 'application/json': { schema: errorResponse } } },
        },
      };
    }
    paths[r.path] = ops;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketplace API',
      version: '1',
      description:
        'Orders, shipments, currencies and the conventions common to all resources (JSONP with `callback`, ' +
        '`attributes`, paging, OPTIONS). Send `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorSchema) },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
