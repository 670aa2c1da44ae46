import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client.ts';

export interface QueryClientOptions {
  /**
   * A call was refused with 401: the session's access ended (revoked on the marketplace, or expired). Called once
   * per failed call; the app sends the user to sign in again.
   */
  onSessionEnded?: (error: ApiClientError) => void;
  /**
   * A call was refused with 403 because the user left the team of the seller the dashboard works on (decision
   * 0256): the app reads the session again and follows it to the account it works on now.
   */
  onMembershipEnded?: (error: ApiClientError) => void;
}

/** A 401 from the BFF or the marketplace: asking again cannot succeed without signing in. */
export function isSessionEnded(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status === 401;
}

/**
 * A failure that asking again may mend: the server failed or timed out, or the request never reached it (`fetch`
 * rejects with a TypeError when the network is down). A refusal (any other 4xx: a reversed date range, an order
 * that does not exist, a page the account may not see) is refused again, and each repeat only counts against the
 * limits.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (error instanceof ApiClientError) return error.status >= 500 || error.status === 408;
  return error instanceof TypeError;
}

/** A 403 for a seller's account the user is no longer on the team of. */
export function isMembershipEnded(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status === 403 && error.hasCause('membership_ended');
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isSessionEnded(error)) options.onSessionEnded?.(error);
    else if (isMembershipEnded(error)) options.onMembershipEnded?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Orders change while the seller watches; 30 s keeps tab switches instant without showing stale state long.
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && isWorthRetrying(error),
        refetchOnWindowFocus: true,
      },
    },
  });
}
