import { optionsDescriptionSchema } from '@mostrador/contracts';
import { z } from 'zod';
import { SIMULATE_FAULT_DESCRIPTION } from '../faults/simulated-faults.ts';
import type { ApiModule, ErrorStatus, Method, Operation, Resource } from './resources.ts';

const JSON_MEDIA = 'application/json';
const JSONP_MEDIA = 'text/javascript';
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The license the document is offered under (OpenAPI's `info.license`): none is granted. */
const LICENSE = { name: 'UNLICENSED' };

/**
 * Parameters the spec types as integers (spec 2.1, 4.2, 4.3, 8): ids of orders, shipments, users, feedback,
 * applications and operators, and paging. Every other parameter is a string.
 */
const INTEGER_PARAMETERS: Record<string, { minimum: number }> = {
  order_id: { minimum: 1 },
  shipping_id: { minimum: 1 },
  user_id: { minimum: 1 },
  seller_id: { minimum: 1 },
  feedback_id: { minimum: 1 },
  application_id: { minimum: 1 },
  operator_id: { minimum: 1 },
  seller: { minimum: 1 },
  buyer: { minimum: 1 },
  user_blocked: { minimum: 1 },
  app_id: { minimum: 1 },
  offset: { minimum: 0 },
  limit: { minimum: 1 },
};

const parameterSchema = (name: string) =>
  INTEGER_PARAMETERS[name] ? { type: 'integer', ...INTEGER_PARAMETERS[name] } : { type: 'string' };

/**
 * The common parameters of spec 4.5, declared once and named by every operation (decisions 0135, 0277); the legacy
 * `access_token` parameter is a security scheme instead. `caller.id` is named by every operation that reads a token.
 */
const COMMON_PARAMETERS = {
  callback: {
    name: 'callback',
    in: 'query',
    required: false,
    description:
      'JSONP (spec 4.6): the answer is `callback([status, headers, body])` as text/javascript, always with HTTP 200.',
    schema: { type: 'string', pattern: '^[A-Za-z_$][\\w$]{0,63}(?:\\.[A-Za-z_$][\\w$]{0,63}){0,3}$' },
  },
  attributes: {
    name: 'attributes',
    in: 'query',
    required: false,
    description:
      'Comma-separated field names (spec 4.5): a successful answer keeps only these top-level fields, element by ' +
      'element in a list; errors are never reduced.',
    schema: { type: 'string', pattern: '^[A-Za-z_]\\w{0,63}(?:,[A-Za-z_]\\w{0,63}){0,99}$' },
  },
  cacheBuster: {
    name: '_',
    in: 'query',
    required: false,
    description: 'The cache buster JSONP libraries add: ignored.',
    schema: { type: 'string' },
  },
  simulateFault: {
    name: 'X-Simulate-Fault',
    in: 'header',
    required: false,
    description: SIMULATE_FAULT_DESCRIPTION,
    schema: { type: 'string', maxLength: 500 },
    examples: {
      unavailable: { value: 'status=503' },
      limited: { value: 'status=429; retry-after=30' },
      late: { value: 'delay=1500' },
      dropped: { value: 'drop' },
    },
  },
  callerId: {
    name: 'caller.id',
    in: 'query',
    required: false,
    description: 'The caller’s own user id (spec 4.3, 7.2): any other value is 403 caller.id.invalid.',
    schema: { type: 'string', pattern: '^[1-9]\\d*$' },
  },
} as const;
const commonParameters = (names: (keyof typeof COMMON_PARAMETERS)[]) =>
  names.map((name) => ({ $ref: `#/components/parameters/${name}` }));

const JSONP_ANSWER = { [JSONP_MEDIA]: { schema: { type: 'string' } } };
/**
 * Where an operation succeeds with another status (201, 303), its JSONP answers (HTTP 200) are the `default`
 * response's: a 200 of their own would add a shape to what generated clients read as the success.
 */
const JSONP_DEFAULT = {
  description:
    'Unexpected error; or, with `callback`, the JSONP answer (spec 4.6): `callback([status, headers, body])` ' +
    'with HTTP 200 whatever happened.',
  content: { [JSON_MEDIA]: { schema: ERROR_REF }, ...JSONP_ANSWER },
};

/**
 * The schema of a successful answer as `attributes` may reduce it: the full shape, or the same without its
 * top-level members required (element by element in a list). Nothing is ever added.
 */
function reducible(schema: Record<string, unknown>): Record<string, unknown> {
  return { anyOf: [schema, withoutRequired(schema, false)] };
}

function withoutRequired(schema: Record<string, unknown>, inList: boolean): Record<string, unknown> {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      return {
        ...schema,
        [key]: parts.map((part) => withoutRequired(part as Record<string, unknown>, inList)),
      };
    }
  }
  if (schema.type === 'array' && !inList && schema.items && typeof schema.items === 'object') {
    return { ...schema, items: withoutRequired(schema.items as Record<string, unknown>, true) };
  }
  const { required: _, ...rest } = schema;
  return rest;
}

/**
 * What a fault on purpose answers (local use, decision 0293), on every operation: the spec's error body, and 429's
 * `Retry-After`.
 */
const retryAfter = (required: boolean) => ({
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    required,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
});
const FAULT_RESPONSES = {
  429: {
    description: 'Too many requests (in local use, also asked for with X-Simulate-Fault)',
    headers: retryAfter(true),
    content: { [JSON_MEDIA]: { schema: ERROR_REF } },
  },
  500: {
    description: 'Internal error (in local use, also asked for with X-Simulate-Fault)',
    content: { [JSON_MEDIA]: { schema: ERROR_REF } },
  },
  503: {
    description: 'Unavailable (in local use, also asked for with X-Simulate-Fault)',
    headers: retryAfter(false),
    content: { [JSON_MEDIA]: { schema: ERROR_REF } },
  },
};

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
  const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
    name,
    in: 'query',
    required: description.startsWith('Required'),
    description,
    schema: parameterSchema(name),
  }));
  const headers = Object.entries(op.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: false,
    description,
    // Read without regard to case (decision 0275).
    schema:
      name === 'x-format-new'
        ? { type: 'string', pattern: '^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$' }
        : { type: 'string' },
  }));
  const common = commonParameters([
    'callback',
    'attributes',
    'cacheBuster',
    'simulateFault',
    ...(op.auth !== 'none' && !ownAuthentication && !op.query?.['caller.id'] ? (['callerId'] as const) : []),
  ]);
  const status = op.status ?? 200;
  const media = op.contentType ?? JSON_MEDIA;
  const answer = op.response ? jsonSchema(op.response) : undefined;
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
              schema:
                answer && media === JSON_MEDIA
                  ? reducible(answer)
                  : media === JSON_MEDIA
                    ? {}
                    : { type: 'string' },
            },
            ...(status === 200 ? JSONP_ANSWER : {}),
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
      content: { [JSON_MEDIA]: { schema: reducible(jsonSchema(op.partial)) } },
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
  Object.assign(responses, FAULT_RESPONSES);
  responses.default =
    status === 200
      ? { description: 'Unexpected error', content: { [JSON_MEDIA]: { schema: ERROR_REF } } }
      : JSONP_DEFAULT;
  return {
    operationId: operationId(method, resource),
    summary: op.description,
    tags: [resource.name],
    parameters: [...pathParameters(resource), ...query, ...headers, ...common],
    ...(op.auth === 'none'
      ? { security: [] }
      : op.auth === 'optional'
        ? { security: [{}, ...SECURITY] }
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

/** Bearer token or the legacy `access_token` parameter (spec 5): either one. */
const SECURITY = [{ bearer: [] }, { access_token: [] }];

/** The path's parameters, typed as the spec types them. */
const pathParameters = (resource: Resource) =>
  [...resource.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: parameterSchema(m[1]!),
  }));

/** The description OPTIONS answers, whole or reduced by `attributes`. */
const OPTIONS_ANSWER = {
  anyOf: [
    { $ref: '#/components/schemas/OptionsDescription' },
    withoutRequired(jsonSchema(optionsDescriptionSchema), false),
  ],
};

/** OPTIONS of a path (spec 4.4): its description, with the methods it serves in `Allow`. */
function describeObject(resource: Resource) {
  return {
    operationId: operationId('OPTIONS', resource),
    summary: `Describe ${resource.name} (spec 4.4): name, description, attributes, methods, related resources.`,
    tags: [resource.name],
    security: [],
    parameters: [
      ...pathParameters(resource),
      ...commonParameters(['callback', 'attributes', 'cacheBuster', 'simulateFault']),
    ],
    responses: {
      200: {
        description: REASONS[200],
        headers: {
          Allow: { description: 'The methods the path serves.', required: true, schema: { type: 'string' } },
        },
        content: {
          [JSON_MEDIA]: { schema: OPTIONS_ANSWER },
          ...JSONP_ANSWER,
        },
      },
      // The description needs no token; only a malformed callback or attributes is refused.
      400: { description: REASONS[400], content: { [JSON_MEDIA]: { schema: ERROR_REF } } },
      ...FAULT_RESPONSES,
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
      license: LICENSE,
      description:
        'Orders, shipments, currencies, users, locations, reviews, notifications and the conventions common to all ' +
        'resources: JSONP with `callback` (every answer 200, `[status, headers, body]`), `attributes`, paging, ' +
        'OPTIONS. Send `Authorization: Bearer <token>` (or the legacy `access_token` parameter). Every operation ' +
        'also takes `callback`, `attributes`, `access_token` and `_`; a parameter it does not take is ignored, one it ' +
        'takes given twice or ill-typed is 400. In local use (the embedded API of `npm start`) any operation answers ' +
        'a fault on purpose when asked with `X-Simulate-Fault` (429, 500, 503, a delay, a dropped connection).',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        access_token: {
          type: 'apiKey',
          in: 'query',
          name: 'access_token',
          description: 'The legacy form of the token, which the platform’s older SDKs still send.',
        },
      },
      parameters: COMMON_PARAMETERS,
      schemas: { Error: jsonSchema(errorSchema), OptionsDescription: jsonSchema(optionsDescriptionSchema) },
    },
    security: SECURITY,
    paths,
  };
}
