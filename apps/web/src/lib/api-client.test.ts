import { sessionSchema } from '@mostrador/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, request } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('request', () => {
  it('reads with the session cookie and no CSRF header, and parses with the contract', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ user: null, accounts: [], language: 'en' }));
    expect(await request('/bff/session', sessionSchema)).toEqual({
      user: null,
      accounts: [],
      language: 'en',
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/bff/session');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).has('X-Requested-With')).toBe(false);
  });

  it('marks writes with X-Requested-With and sends JSON', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ user: null, accounts: [], language: 'en' }));
    await request('/bff/accounts/1/activate', sessionSchema, { method: 'POST', body: { a: 1 } });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('X-Requested-With')).toBe('fetch');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"a":1}');
  });

  it('turns error bodies into ApiClientError with the machine code', async () => {
    stubFetch(
      401,
      JSON.stringify({ message: 'Sign in again', error: 'session_expired', status: 401, cause: [] }),
    );
    await expect(request('/api/users/me', sessionSchema)).rejects.toMatchObject({
      status: 401,
      error: 'session_expired',
    });
    stubFetch(502, '<html>bad gateway</html>');
    const failure = await request('/api/users/me', sessionSchema).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiClientError);
    expect(failure).toMatchObject({ status: 502, error: 'http_error' });
  });

  it('keeps the error body’s causes, named as words or as reasons', async () => {
    stubFetch(
      409,
      JSON.stringify({ message: 'Full', error: 'conflict', status: 409, cause: ['order_notes_full'] }),
    );
    const full = await request('/bff/orders/1/notes', sessionSchema).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(ApiClientError);
    expect((full as ApiClientError).hasCause('order_notes_full')).toBe(true);
    expect((full as ApiClientError).hasCause('saved_views_full')).toBe(false);
    const ended = new ApiClientError(403, 'forbidden', 'Ended', [
      { seller_id: 1, reason: 'membership_ended' },
    ]);
    expect(ended.hasCause('membership_ended')).toBe(true);
  });

  it('refuses a body that does not match the contract', async () => {
    stubFetch(200, JSON.stringify({ user: { access_token: 'x' }, accounts: [] }));
    await expect(request('/bff/session', sessionSchema)).rejects.toThrow();
  });
});
