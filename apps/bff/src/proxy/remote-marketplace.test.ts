import { describe, expect, it, vi } from 'vitest';
import { createRemoteMarketplace } from './remote-marketplace.ts';

describe('createRemoteMarketplace', () => {
  it('forwards method, path, query, headers and body, and returns the upstream response as sent', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response('{"message":"no","error":"forbidden","status":403,"cause":[]}', {
          status: 403,
          headers: { 'Content-Type': 'application/json', 'X-Upstream': '1' },
        }),
    );
    const app = createRemoteMarketplace('https://api.example.com/', { timeoutMs: 30_000, fetch: fetchImpl });
    const res = await app.request('/users/1/questions_blacklist?caller.id=1', {
      method: 'POST',
      headers: { Authorization: 'Bearer T', 'Content-Type': 'application/json' },
      body: '{"user_id":2}',
    });

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.com/users/1/questions_blacklist?caller.id=1');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer T');
    expect(new TextDecoder().decode(init?.body as ArrayBuffer)).toBe('{"user_id":2}');

    expect(res.status).toBe(403);
    expect(res.headers.get('X-Upstream')).toBe('1');
    expect(await res.text()).toBe('{"message":"no","error":"forbidden","status":403,"cause":[]}');
  });
});
