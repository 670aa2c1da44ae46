import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Orders change while the seller watches; 30 s keeps tab switches instant without showing stale state long.
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof TypeError),
        refetchOnWindowFocus: true,
      },
    },
  });
}
