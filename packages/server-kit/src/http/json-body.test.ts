import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { errorRenderer } from './error-renderer.ts';
import { HttpError } from './http-error.ts';
import { readJsonBody } from './json-body.ts';

const unexpected: unknown[] = [];
const app = new Hono();
app.onError(
  errorRenderer({
    internalError: { message: 'Internal server error', error: 'internal_error', status: 500, cause: [] },
    onUnexpected: (error) => unexpected.push(error),
  }),
);
app.post('/echo', async (c) => c.json({ got: await readJsonBody(c, { maxBytes: 32 }) }));
app.post('/small', async (c) =>
  c.json({ got: await readJsonBody(c, { maxBytes: 4, tooLargeMessage: 'at most 4 bytes' }) }),
);
app.get('/limited', () => {
  throw new HttpError(
    { message: 'slow down', error: 'too_many_requests', status: 429 },
    { 'Retry-After': '3' },
  );
});
app.get('/hono', () => {
  throw new HTTPException(504, { res: new Response('gateway', { status: 504 }) });
});
app.get('/broken', () => {
  throw new Error('no input can cause this');
});

const post = (path: string, body: string, type = 'application/json') =>
  app.request(path, { method: 'POST', headers: { 'content-type': type }, body });

describe('readJsonBody', () => {
  it('answers the value of a small JSON body', async () => {
    const res = await post('/echo', '{"a":[1,2]}', 'application/json; charset=utf-8');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: { a: [1, 2] } });
  });

  it('refuses another media type, a large body and malformed JSON with the error body', async () => {
    const wrongType = await post('/echo', '{}', 'text/plain');
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({
      message: 'the body must be application/json',
      error: 'unsupported_media_type',
      status: 415,
      cause: [],
    });
    const large = await post('/echo', JSON.stringify({ filler: 'x'.repeat(40) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'payload_too_large', message: 'Payload too large' });
    const small = await post('/small', '"12345"');
    expect(await small.json()).toMatchObject({ status: 413, message: 'at most 4 bytes' });
    const malformed = await post('/echo', '{"a":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      message: 'the body is not valid JSON',
      error: 'bad_request',
      status: 400,
      cause: [{ code: 'invalid_json', message: 'malformed JSON body' }],
    });
  });
});

describe('errorRenderer', () => {
  it('renders an HttpError with its headers, Hono’s own exceptions as they are, and anything else as 500', async () => {
    const limited = await app.request('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await limited.json()).toEqual({
      message: 'slow down',
      error: 'too_many_requests',
      status: 429,
      cause: [],
    });
    const hono = await app.request('/hono');
    expect(hono.status).toBe(504);
    expect(await hono.text()).toBe('gateway');
    const broken = await app.request('/broken');
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({
      message: 'Internal server error',
      error: 'internal_error',
      status: 500,
      cause: [],
    });
    expect(unexpected).toHaveLength(1);
  });
});
