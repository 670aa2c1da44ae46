import { platformInfoSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** `GET /bff/platform`: whether the marketplace is the embedded one (local use), which never changes while running. */
export const platformQueryOptions = () =>
  queryOptions({
    queryKey: ['platform'],
    queryFn: ({ signal }) => request('/bff/platform', platformInfoSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
