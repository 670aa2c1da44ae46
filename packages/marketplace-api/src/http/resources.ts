import { type Context, type ErrorHandler, Hono } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { type ApiEnv, CALLER_ID, checkNamedCaller } from './env.ts';
import { checkQueryNames, queryFamilies, queryNames } from './query.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** `/orders/{order_id}` → `/orders/:order_id`: Hono's form of a path, at the type level too. */
export type HonoPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}:${Name}${HonoPath<Tail>}`
  : P;

/** Error statuses an operation may answer besides 400 and 401, which every one may (decisions 0135, 0006). */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 415;

/**
 * One operation: what OPTIONS and the OpenAPI document say about it, and its handler beside it. `D` is what the
 * handler needs (its repositories, the clock…), given when its module is mounted.
 */
export interface Operation<P extends string = string, D = never> {
  example: string;
  description: string;
  /** Query parameters, name → meaning. */
  query?: Record<string, string>;
  /** Request headers, name → meaning. */
  headers?: Record<string, string>;
  body?: z.ZodType;
  /** The successful answer's schema (every shape it may take, as a union). */
  response?: z.ZodType;
  /** Its status: 200 unless the operation creates (201) or redirects (303). */
  status?: 200 | 201 | 303;
  /** Its media type, when not JSON (the sign-in page, its stylesheet). */
  contentType?: string;
  /** Headers of the successful answer, name → meaning (`Location` after a creation). */
  responseHeaders?: Record<string, string>;
  /** Spec 4.1 and 4.3's 206: the partial answer, whose empty members `X-Content-Missing` names. */
  partial?: z.ZodType;
  /** Error statuses besides 400 and 401; 403 (authenticated operations) and 404 (paths with ids) are implied. */
  errors?: readonly ErrorStatus[];
  /** Error answers of another shape (the OAuth token endpoint's, the sign-in page's HTML). */
  errorBody?: { schema?: z.ZodType; contentType?: string };
  auth: 'required' | 'optional' | 'none';
  handle: (c: Context<ApiEnv, HonoPath<P>>, deps: D) => Response | Promise<Response>;
}

/** A path of the API (spec 4.4): its OPTIONS description and the operations it serves, the path written once. */
export interface Resource<P extends string = string, D = never> {
  path: P;
  name: string;
  description: string;
  attributes: Record<string, string>;
  related_resources: string[];
  connections: Record<string, string>;
  methods: Partial<Record<Method, Operation<P, D>>>;
  /**
   * The resource also answers with its last path parameter empty (`/orders/` for `/orders/{order_id}`), so its
   * handlers can give the spec's code for an empty id rather than "not found".
   */
  emptyLastParameter?: boolean;
}

/** A resource, its path checked against its handlers' parameters; `D` is what its handlers need. */
export function defineResource<const P extends string, D = unknown>(
  resource: Resource<P, D>,
): Resource<string, D> {
  return resource as unknown as Resource<string, D>;
}

/**
 * The resources under one URL prefix, mounted with `app.route(prefix, mountModule(module, deps))`; `D` is what its
 * handlers need together, and nothing else.
 */
export interface ApiModule<D = never> {
  prefix: string;
  resources: readonly Resource<string, D>[];
  /**
   * The authorization server authenticates clients and users itself: these resources are mounted before the bearer
   * token is read, and the BFF never attaches a session's token to them.
   */
  ownAuthentication?: boolean;
  /** Errors the module renders itself (the authorization server's OAuth format); others reach the API's onError. */
  onError?: ErrorHandler<ApiEnv>;
}

export function defineModule<D = never>(module: ApiModule<D>): ApiModule<D> {
  module.resources.forEach((r, i) => {
    if (r.path !== module.prefix && !r.path.startsWith(`${module.prefix}/`)) {
      throw new Error(`${r.path} is not under ${module.prefix}`);
    }
    // Requests go to the first path that matches: a fixed one after a parameter that takes it is never reached.
    const shadow = module.resources
      .slice(0, i)
      .find((earlier) => resourcePattern(earlier, '[^/]+').test(r.path));
    if (shadow) throw new Error(`${r.path} comes after ${shadow.path}, which takes its requests`);
  });
  return module;
}

function honoPath(resource: Resource): string {
  const path = resource.path.replace(/\{([^}]+)\}/g, ':$1');
  // Hono's parameters need one character; `{[^/]*}` lets the last one be empty.
  return resource.emptyLastParameter ? path.replace(/(:[^/]+)$/, '$1{[^/]*}') : path;
}

/**
 * The module's Hono sub-app: each operation's handler at its path, relative to the prefix, given `deps`, behind the
 * one rule for query parameters (decisions 0135, 0276) and `caller.id` checked where a caller may give it (0275). The
 * authorization server follows RFC 6749's rules for its parameters instead.
 */
export function mountModule<D>(module: ApiModule<D>, deps: D): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  if (module.onError) app.onError(module.onError);
  for (const resource of module.resources) {
    const path = honoPath(resource).slice(module.prefix.length) || '/';
    for (const method of METHODS) {
      const operation = resource.methods[method];
      if (!operation) continue;
      if (module.ownAuthentication) {
        app.on(method, path, (c) => operation.handle(c as never, deps));
        continue;
      }
      const own = queryNames(Object.keys(operation.query ?? {}));
      const families = queryFamilies(Object.keys(operation.query ?? {}));
      // A caller may name itself (`caller.id`) wherever it is one (decision 0275).
      const checked = operation.auth === 'none' ? own : new Set([...own, CALLER_ID]);
      app.on(method, path, (c) => {
        checkQueryNames(c.req.url, checked, families);
        c.set('queryNames', own);
        if (operation.auth !== 'none') checkNamedCaller(c);
        return operation.handle(c as never, deps);
      });
    }
    // A fixed path (`/users/me`) owns its other methods too, rather than lending them to a sibling with a
    // parameter (`/users/{user_id}` would read `me` as an id).
    if (!resource.path.includes('{')) {
      app.all(path, (c) => {
        throw methodNotAllowed(c.req.method, resource);
      });
    }
  }
  return app;
}

/** The methods a resource answers, as `Allow` names them: its own, HEAD wherever GET is, and OPTIONS. */
export function allowedMethods(resource: Resource): string {
  const own = METHODS.filter((m) => resource.methods[m] !== undefined);
  return [...own, ...(own.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

/** 405 for a method the resource does not serve, with the ones it does in `Allow` (RFC 9110 15.5.6). */
export function methodNotAllowed(method: string, resource: Resource): ApiError {
  return new ApiError('method_not_allowed', {
    message: `${method.slice(0, 20)} is not allowed here; allowed: ${allowedMethods(resource)}`,
    headers: { Allow: allowedMethods(resource) },
  });
}

/** Every resource of the API, found by request path: OPTIONS and the 405 answer read it. */
export class ResourceTable {
  readonly resources: readonly Resource[];
  readonly #matchers: { resource: Resource; re: RegExp }[];

  constructor(modules: readonly ApiModule[]) {
    this.resources = modules.flatMap((m) => m.resources);
    this.#matchers = this.resources.map((resource) => ({ resource, re: resourcePattern(resource, '[^/]+') }));
  }

  /** The resource a path names, if any. */
  match(path: string): Resource | undefined {
    return this.#matchers.find(({ re }) => re.test(path))?.resource;
  }
}

/**
 * The regular expression of a resource's path, each parameter one `segment`: the API's table and the BFF's
 * allowlist build theirs from it.
 */
export function resourcePattern(
  resource: Pick<Resource, 'path' | 'emptyLastParameter'>,
  segment: string,
): RegExp {
  const parts = resource.path.split(/(\{[^}]+\})/);
  const last = parts.length - 2;
  const source = parts
    .map((part, i) => {
      if (!/^\{[^}]+\}$/.test(part)) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      return resource.emptyLastParameter && i === last && parts[i + 1] === '' ? `(?:${segment})?` : segment;
    })
    .join('');
  return new RegExp(`^${source}$`);
}
