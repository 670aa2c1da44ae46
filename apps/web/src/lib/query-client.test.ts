import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client.ts';
import { createQueryClient, isMembershipEnded, isSessionEnded, isWorthRetrying } from './query-client.ts';

describe('createQueryClient and a session the marketplace stopped honouring', () => {
  it('reports a 401 once and does not ask again', async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    const queryFn = vi.fn(async () => {
      throw new ApiClientError(401, 'invalid_token', 'invalid access token');
    });
    await expect(client.fetchQuery({ queryKey: ['me'], queryFn })).rejects.toThrow('invalid access token');
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded.mock.calls[0]?.[0]).toMatchObject({ status: 401, error: 'invalid_token' });
  });

  it('reports a refused write too, but not other failures', async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    const mutate = (error: Error) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw error;
          },
        })
        .execute(undefined)
        .catch(() => undefined);
    await mutate(new ApiClientError(404, 'not_found', 'gone'));
    expect(onSessionEnded).not.toHaveBeenCalled();
    await mutate(new ApiClientError(401, 'session_expired', 'Sign in again'));
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('tells a 401 from other errors', () => {
    expect(isSessionEnded(new ApiClientError(401, 'session_expired', ''))).toBe(true);
    expect(isSessionEnded(new ApiClientError(403, 'forbidden', ''))).toBe(false);
    expect(isSessionEnded(new TypeError('fetch failed'))).toBe(false);
  });
});

describe('createQueryClient and a team the user left', () => {
  it('reports a read or a write refused because the membership ended, and no other 403', async () => {
    const onMembershipEnded = vi.fn();
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onMembershipEnded, onSessionEnded });
    const ended = new ApiClientError(403, 'forbidden', 'no longer on the team', [
      { seller_id: 7, reason: 'membership_ended' },
    ]);
    await expect(
      client.fetchQuery({
        queryKey: ['saved-views'],
        queryFn: async () => {
          throw ended;
        },
      }),
    ).rejects.toThrow('no longer on the team');
    expect(onMembershipEnded).toHaveBeenCalledTimes(1);
    expect(onMembershipEnded.mock.calls[0]?.[0]).toBe(ended);
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => {
          throw ended;
        },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(onMembershipEnded).toHaveBeenCalledTimes(2);
    expect(
      isMembershipEnded(new ApiClientError(403, 'operator_permission_denied', '', ['orders.read'])),
    ).toBe(false);
    expect(isMembershipEnded(new ApiClientError(403, 'forbidden', ''))).toBe(false);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('createQueryClient and refusals', () => {
  const fails = (status: number, code: string) =>
    vi.fn(async () => {
      throw new ApiClientError(status, code, code);
    });

  it('asks once when refused (a reversed date range, a page the account may not see)', async () => {
    const client = createQueryClient();
    for (const [status, code] of [
      [400, 'bad_request'],
      [403, 'operator_permission_denied'],
      [404, 'not_found'],
      [429, 'too_many_requests'],
    ] as const) {
      const queryFn = fails(status, code);
      await expect(client.fetchQuery({ queryKey: [code], queryFn, retryDelay: 0 })).rejects.toThrow(code);
      expect(queryFn, code).toHaveBeenCalledTimes(1);
    }
  });

  it('asks up to three times when the server failed', async () => {
    const client = createQueryClient();
    const queryFn = fails(503, 'service_unavailable');
    await expect(client.fetchQuery({ queryKey: ['down'], queryFn, retryDelay: 0 })).rejects.toThrow(
      'service_unavailable',
    );
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(isWorthRetrying(new ApiClientError(408, 'request_timeout', ''))).toBe(true);
  });

  it('asks again when the request never reached the server', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.fetchQuery({ queryKey: ['offline'], queryFn, retryDelay: 0 })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(isWorthRetrying(new Error('unexpected'))).toBe(false);
  });
});
