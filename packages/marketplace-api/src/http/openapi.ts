import { optionsDescriptionSchema } from '@mostrador/contracts';
import { z } from 'zod';
import type { ApiModule, ErrorStatus, Method, Operation, Resource } from './resources.ts';

const JSON_MEDIA = 'application/json';
const ERROR_REF = { $ref: '#/components/schemas/Error' };

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  206: 'Partial content: the members named in X-Content-Missing are returned empty',
  303: 'See other: to the redirect URI',
  400: 'Bad request: a malformed, unknown, repeated or ill-typed parameter, header or body',
  401: 'No token where one is required, or a token that is unknown, expired or revoked',
  403: 'The caller may not do this',
  404: 'No such resource',
  409: 'The state of the resource does not allow it',
  413: 'Body too large',
  415: 'Body of another media type than JSON',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const pascal = (words: string) =>
  words
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `getOrder`, `postOrderPayments`, `describeOrder` (its OPTIONS): from the method and the resource's name. */
export function operationId(method: Method | 'OPTIONS', resource: Resource): string {
  return `${method === 'OPTIONS' ? 'describe' : method.toLowerCase()}${pascal(resource.name)}`;
}

function errorStatuses(resource: Resource, op: Operation, ownAuthentication: boolean): number[] {
  // 400: a malformed `callback` or `attributes` anywhere, a parameter the operation does not take elsewhere. 401: a
  // bad token, wherever the bearer token is read (not on the authorization server, which answers its own).
  const base = ownAuthentication ? [400] : [400, 401];
  const implied: ErrorStatus[] = [
    ...(op.auth !== 'none' ? [403 as const] : []),
    ...(resource.path.includes('{') ? [404 as const] : []),
    ...(op.body ? [413 as const, 415 as const] : []),
  ];
  return [...new Set([...base, ...implied, ...(op.errors ?? [])])].sort((a, b) => a - b);
}

function operationObject(resource: Resource, method: Method, op: Operation, ownAuthentication: boolean) {
  const pathParams = [...resource.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
    name,
    in: 'query',
    required: description.startsWith('Required'),
    description,
    schema: { type: 'string' },
  }));
  const headers = Object.entries(op.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: name === 'x-format-new' ? { type: 'string', enum: ['true', 'false'] } : { type: 'string' },
  }));
  const status = op.status ?? 200;
  const media = op.contentType ?? JSON_MEDIA;
  const success: Record<string, unknown> = {
    description: REASONS[status],
    ...(op.responseHeaders
      ? {
          headers: Object.fromEntries(
            Object.entries(op.responseHeaders).map(([name, description]) => [
              name,
              { description, required: true, schema: { type: 'string' } },
            ]),
          ),
        }
      : {}),
    ...(status === 303
      ? {}
      : {
          content: {
            [media]: {
              schema: op.response ? jsonSchema(op.response) : media === JSON_MEDIA ? {} : { type: 'string' },
            },
          },
        }),
  };
  const responses: Record<string, unknown> = { [status]: success };
  if (op.partial) {
    responses['206'] = {
      description: REASONS[206],
      headers: {
        'X-Content-Missing': {
          description: 'Comma-separated members that could not be loaded.',
          required: true,
          schema: { type: 'string' },
        },
      },
      content: { [JSON_MEDIA]: { schema: jsonSchema(op.partial) } },
    };
  }
  // The conventions' refusals (a malformed callback) are the API's error body even where the operation's own
  // errors are another format: a page, or OAuth's.
  const errorContent = !op.errorBody
    ? { [JSON_MEDIA]: { schema: ERROR_REF } }
    : op.errorBody.schema
      ? { [JSON_MEDIA]: { schema: { anyOf: [jsonSchema(op.errorBody.schema), ERROR_REF] } } }
      : {
          [op.errorBody.contentType ?? JSON_MEDIA]: { schema: { type: 'string' } },
          [JSON_MEDIA]: { schema: ERROR_REF },
        };
  for (const code of errorStatuses(resource, op, ownAuthentication)) {
    responses[code] = { description: REASONS[code], content: errorContent };
  }
  responses.default = { description: 'Unexpected error', content: { [JSON_MEDIA]: { schema: ERROR_REF } } };
  return {
    operationId: operationId(method, resource),
    summary: op.description,
    tags: [resource.name],
    parameters: [...pathParams, ...query, ...headers],
    ...(op.auth === 'none'
      ? { security: [] }
      : op.auth === 'optional'
        ? { security: [{}, { bearer: [] }] }
        : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { [JSON_MEDIA]: { schema: jsonSchema(op.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** OPTIONS of a path (spec 4.4): its description, with the methods it serves in `Allow`. */
function describeObject(resource: Resource) {
  return {
    operationId: operationId('OPTIONS', resource),
    summary: `Describe ${resource.name} (spec 4.4): name, description, attributes, methods, related resources.`,
    tags: [resource.name],
    security: [],
    parameters: [...resource.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    responses: {
      200: {
        description: REASONS[200],
        headers: {
          Allow: { description: 'The methods the path serves.', required: true, schema: { type: 'string' } },
        },
        content: { [JSON_MEDIA]: { schema: { $ref: '#/components/schemas/OptionsDescription' } } },
      },
      // The description needs no token; only a malformed callback or attributes is refused.
      400: { description: REASONS[400], content: { [JSON_MEDIA]: { schema: ERROR_REF } } },
    },
  };
}

/**
 * OpenAPI 3.1 document of the resources (JSON Schema 2020-12), made from the same definitions as the routes:
 * every operation with its parameters, request body, every shape of its answer (both formats of an order, both
 * views of a user), 201/206 where they happen, its errors, and each path's OPTIONS.
 */
export function openApiDocument(modules: readonly ApiModule[], errorSchema: z.ZodType) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const r of module.resources) {
      const ops: Record<string, unknown> = {};
      for (const [method, op] of Object.entries(r.methods) as [Method, Operation][]) {
        ops[method.toLowerCase()] = operationObject(r, method, op, module.ownAuthentication ?? false);
      }
      ops.options = describeObject(r);
      paths[r.path] = ops;
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Marketplace API',
      version: '1',
      description:
        'Orders, shipments, currencies, users, locations, reviews, notifications and the conventions common to all ' +
        'resources: JSONP with `callback` (every answer 200, `[status, headers, body]`), `attributes`, paging, ' +
        'OPTIONS. Send `Authorization: Bearer <token>` (or the legacy `access_token` parameter). Every operation ' +
        'also takes `callback`, `attributes`, `access_token` and `_`; a parameter it does not take is ignored, one it ' +
        'takes given twice or ill-typed is 400.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorSchema), OptionsDescription: jsonSchema(optionsDescriptionSchema) },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
