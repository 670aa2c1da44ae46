import { orderProductSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

export const getOrderProduct = (orderId: number, signal?: AbortSignal) =>
  request(`/api/orders/${orderId}/product`, orderProductSchema, { signal });

export const orderProductQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'product', orderId],
    queryFn: ({ signal }) => getOrderProduct(orderId, signal),
  });
