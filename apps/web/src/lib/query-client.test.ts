import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client.ts';
import { createQueryClient, isSessionEnded } from './query-client.ts';

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
