import { describe, expect, it } from 'vitest';
import {
  apiErrorCodes,
  ERROR_CODES,
  errorBody,
  errorBodySchema,
  errorCodeSchema,
  errorCodes,
  orderErrorCodes,
} from './errors.ts';
import { issuesOf, readRealFixture } from './real-fixture.ts';

describe('errorBodySchema against the recorded bodies', () => {
  it.each([
    'ralvarezdev-mercadolibre-go-sdk-1.json',
    'ralvarezdev-mercadolibre-go-sdk-2.json',
    'ralvarezdev-mercadolibre-go-sdk-3.json',
    'ralvarezdev-mercadolibre-go-sdk-4.json',
    'ralvarezdev-mercadolibre-go-sdk-5.json',
  ])('parses errors/%s', (name) => {
    expect(errorBodySchema.safeParse(readRealFixture(`errors/${name}`)).success).toBe(true);
  });

  it('parses a location 404 to the documented values', () => {
    expect(errorBodySchema.parse(readRealFixture('errors/ralvarezdev-mercadolibre-go-sdk-4.json'))).toEqual({
      message: 'City not found',
      error: 'not_found',
      status: 404,
      cause: [],
    });
  });

  // Spec 7.1 says cause is an array; these bodies come from other platform layers (auth, policies, old mocks).
  it.each([
    ['gpupo-mercadolivre-sdk-1.json', { missing: [], wrong: ['cause'] }],
    ['ralvarezdev-mercadolibre-go-sdk-6.json', { missing: ['message', 'cause'], wrong: [] }],
    ['ralvarezdev-mercadolibre-go-sdk-7.json', { missing: ['cause'], wrong: [] }],
    ['ralvarezdev-mercadolibre-go-sdk-8.json', { missing: ['error', 'cause'], wrong: [] }],
    ['ralvarezdev-mercadolibre-go-sdk-9.json', { missing: ['message'], wrong: [] }],
  ])('refuses errors/%s where it departs from spec 7.1', (name, expected) => {
    expect(issuesOf(errorBodySchema, readRealFixture(`errors/${name}`))).toEqual(expected);
  });

  it('rejects a non-integer status', () => {
    expect(errorBodySchema.safeParse({ message: 'x', error: 'x', status: '404', cause: [] }).success).toBe(
      false,
    );
    expect(errorBodySchema.safeParse({ message: 'x', error: 'x', status: 404.5, cause: [] }).success).toBe(
      false,
    );
  });
});

describe('order error codes (spec 7.2)', () => {
  it('has exactly the ten codes of the spec with their messages verbatim', () => {
    expect(Object.fromEntries(Object.entries(orderErrorCodes).map(([code, d]) => [code, d.message]))).toEqual(
      {
        order_not_found: 'Order not found.',
        empty_order_id: 'Order ID can not be empty.',
        invalid_order_id: 'Invalid order ID.',
        not_identified_user: 'Can not identify the user.',
        not_owned_order: 'The user has not access to the order.',
        'caller.id.invalid': 'caller.id does not match buyer nor seller.',
        feedback_not_found: 'The feedback does not exist.',
        invalid_fulfilled: 'fulfilled parameter must be true or false.',
        reply_time_expired: 'Reply time expired. There is a 14 days period to reply a feedback.',
        reply_already_exists: 'Reply already exists for the feedback.',
      },
    );
  });

  it('maps each to the chosen HTTP status', () => {
    expect(Object.fromEntries(Object.entries(orderErrorCodes).map(([code, d]) => [code, d.status]))).toEqual({
      order_not_found: 404,
      empty_order_id: 400,
      invalid_order_id: 400,
      not_identified_user: 401,
      not_owned_order: 403,
      'caller.id.invalid': 403,
      feedback_not_found: 404,
      invalid_fulfilled: 400,
      reply_time_expired: 400,
      reply_already_exists: 409,
    });
  });
});

describe('general error codes', () => {
  it('maps each to its status', () => {
    expect(Object.fromEntries(Object.entries(apiErrorCodes).map(([code, d]) => [code, d.status]))).toEqual({
      bad_request: 400,
      invalid_token: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      feedback_already_exists: 409,
      invalid_order_status: 409,
      out_of_stock: 409,
      blocked_buyer: 403,
      payment_not_found: 404,
      operator_permission_denied: 403,
      request_timeout: 408,
      payload_too_large: 413,
      request_header_fields_too_large: 431,
      unsupported_media_type: 415,
      too_many_requests: 429,
      session_expired: 401,
      gateway_timeout: 504,
      internal_error: 500,
      service_unavailable: 503,
    });
    expect(apiErrorCodes.invalid_token.message).toBe('Invalid token');
  });

  it('lists every code once in the combined catalogue and its enum', () => {
    expect(ERROR_CODES).toHaveLength(31);
    expect(Object.keys(errorCodes)).toEqual(ERROR_CODES);
    expect(errorCodeSchema.safeParse('caller.id.invalid').success).toBe(true);
    expect(errorCodeSchema.safeParse('machine_readable_error_code').success).toBe(false);
  });
});

describe('errorBody', () => {
  it('builds the default body of a code', () => {
    expect(errorBody('order_not_found')).toEqual({
      message: 'Order not found.',
      error: 'order_not_found',
      status: 404,
      cause: [],
    });
    expect(errorBody('too_many_requests')).toEqual({
      message: 'Too many requests',
      error: 'too_many_requests',
      status: 429,
      cause: [],
    });
  });

  it('applies overrides but keeps the code', () => {
    const body = errorBody('bad_request', {
      message: 'limit must be at most 51',
      cause: [{ field: 'limit' }],
    });
    expect(body).toEqual({
      message: 'limit must be at most 51',
      error: 'bad_request',
      status: 400,
      cause: [{ field: 'limit' }],
    });
    expect(errorBody('not_found', { status: 410 }).status).toBe(410);
  });

  it('produces bodies the schema accepts for every code', () => {
    for (const code of ERROR_CODES) expect(errorBodySchema.parse(errorBody(code)).error).toBe(code);
  });
});
