import { type InsightsQuery, insightsSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { sellerDayKey } from './get-today.ts';

/** The query string of a period: a preset (`days=30`) or a custom range (`from=…&to=…`). */
export function insightsParams(query: InsightsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.from !== undefined && query.to !== undefined) {
    params.set('from', query.from);
    params.set('to', query.to);
  } else if (query.days !== undefined) params.set('days', query.days);
  return params;
}

/** `GET /bff/insights`: a period's figures against the previous one, for the account the session works on. */
export const getInsights = (query: InsightsQuery, signal?: AbortSignal) => {
  const params = insightsParams(query).toString();
  return request(`/bff/insights${params ? `?${params}` : ''}`, insightsSchema, { signal });
};

export const insightsQueryOptions = (sellerId: number, query: InsightsQuery) =>
  queryOptions({
    queryKey: [...sellerDayKey, 'insights', sellerId, insightsParams(query).toString()],
    queryFn: ({ signal }) => getInsights(query, signal),
    refetchInterval: (query) => (query.state.data?.projection.state === 'filling' ? 2_000 : false),
  });
