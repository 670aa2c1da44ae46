import { errorBodySchema } from '@mostrador/contracts';
import type { z } from 'zod';

/**
 * A failed call: the HTTP status and the machine code the UI switches on (never the message text), and the error
 * body's `cause` list (`order_notes_full`, `{reason: 'membership_ended'}`…) where one code has several reasons.
 */
export class ApiClientError extends Error {
  override name = 'ApiClientError';
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly causes: readonly unknown[] = [],
  ) {
    super(message);
  }

  /** Whether `cause` names `reason`: as a word, or as an object's `reason`. */
  hasCause(reason: string): boolean {
    return this.causes.some(
      (cause) =>
        cause === reason ||
        (typeof cause === 'object' && cause !== null && 'reason' in cause && cause.reason === reason),
    );
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `x-format-new: true`. */
  headers?: Record<string, string>;
}

/** A parsed body with the response headers (`Last-Modified`, `X-Content-Missing`…) and status. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * Calls the BFF (`/bff/*`) or the marketplace through it (`/api/*`) with the session cookie, and parses the answer
 * with its contract schema. Writes carry `X-Requested-With`, which the BFF's CSRF check requires; no token ever
 * passes through the browser.
 */
export async function request<T extends z.ZodType>(
  path: `/api/${string}` | `/bff/${string}`,
  schema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  return (await requestWithHeaders(path, schema, options)).data;
}

/** As `request`, also giving the response's status and headers. */
export async function requestWithHeaders<T extends z.ZodType>(
  path: `/api/${string}` | `/bff/${string}`,
  schema: T,
  options: RequestOptions = {},
): Promise<ApiResponse<z.output<T>>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (WRITE_METHODS.has(method)) headers['X-Requested-With'] = 'fetch';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await res.text();
  const value: unknown = text === '' ? undefined : safeJson(text);
  if (!res.ok) {
    const error = errorBodySchema.safeParse(value);
    throw error.success
      ? new ApiClientError(res.status, error.data.error, error.data.message, error.data.cause)
      : new ApiClientError(res.status, 'http_error', `HTTP ${res.status}`);
  }
  return { data: schema.parse(value), status: res.status, headers: res.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
