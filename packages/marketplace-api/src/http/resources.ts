import type { Handler } from 'hono';
import { z } from 'zod';
import { ApiError } from './api-error.ts';

export interface MethodDescription {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  example: string;
  description: string;
  /** Query parameters, name → meaning (for OPTIONS and the OpenAPI document). */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: z.ZodType;
  response?: z.ZodType;
  auth?: 'required' | 'optional' | 'none';
}

/** What OPTIONS on a resource answers (spec 4.4), and what the OpenAPI document is built from. */
export interface ResourceDescription {
  path: string;
  name: string;
  description: string;
  attributes: Record<string, string>;
  methods: MethodDescription[];
  related_resources: string[];
  connections: Record<string, string>;
}

function matcher(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${source}$`);
}

/** OPTIONS on any described path answers its description; anything else is an unknown resource. */
export function optionsHandler(resources: ResourceDescription[], prefix = ''): Handler {
  const table = resources.map((r) => ({ r, re: matcher(r.path) }));
  return (c) => {
    const path = new URL(c.req.url).pathname.slice(prefix.length) || '/';
    const hit = table.find(({ re }) => re.test(path));
    if (!hit) throw new ApiError('not_found', { message: 'resource not found' });
    const { r } = hit;
    c.header('Allow', ['OPTIONS', ...r.methods.map((m) => m.method)].join(', '));
    return c.json({
      name: r.name,
      description: r.description,
      attributes: r.attributes,
      methods: r.methods.map((m) => ({ method: m.method, example: m.example, description: m.description })),
      related_resources: r.related_resources,
      connections: r.connections,
    });
  };
}

const errorResponse = { $ref: '#/components/schemas/Error' };

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
}

/** OpenAPI 3.1 document of the described resources, with response schemas from packages/contracts. */
export function openApiDocument(resources: ResourceDescription[], errorSchema: z.ZodType) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of resources) {
    const pathParams = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const ops: Record<string, unknown> = {};
    for (const m of r.methods) {
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
      ops[m.method.toLowerCase()] = {
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
