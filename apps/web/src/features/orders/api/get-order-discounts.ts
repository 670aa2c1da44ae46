import { orderDiscountsSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

export const getOrderDiscounts = (orderId: number, signal?: AbortSignal) =>
  request(`/api/orders/${orderId}/discounts`, orderDiscountsSchema, { signal });

export const orderDiscountsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'discounts', orderId],
    queryFn: ({ signal }) => getOrderDiscounts(orderId, signal),
  });
