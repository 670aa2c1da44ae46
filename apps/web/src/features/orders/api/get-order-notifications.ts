import { orderNotificationListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

/** The notifications about this order that reached the BFF for the signed-in account. */
export const getOrderNotifications = (orderId: number, signal?: AbortSignal) =>
  request(`/bff/orders/${orderId}/notifications`, orderNotificationListSchema, { signal });

export const orderNotificationsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'notifications', orderId],
    queryFn: ({ signal }) => getOrderNotifications(orderId, signal),
  });
