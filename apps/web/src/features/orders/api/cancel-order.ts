import { orderChangeSchema, type PartialOrder, type SELLER_CANCEL_CODES } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { orderQueryOptions } from './get-order.ts';
import { ordersKey } from './search-orders.ts';

export type SellerCancelCode = (typeof SELLER_CANCEL_CODES)[number];

/** `POST /orders/{id}/cancel`: the seller cancels the sale; the marketplace has no way back. */
export const cancelOrder = (orderId: number, code: SellerCancelCode) =>
  request(`/api/orders/${orderId}/cancel`, orderChangeSchema, { method: 'POST', body: { code } });

/**
 * Cancels the order, showing it cancelled at once: the page's copy of the order changes before the marketplace
 * answers, goes back as it was if it refuses, and takes the marketplace's answer when it accepts; every list
 * showing the order is read again after.
 */
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  const key = orderQueryOptions(orderId).queryKey;
  return useMutation({
    mutationFn: (code: SellerCancelCode) => cancelOrder(orderId, code),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        queryClient.setQueryData(key, {
          ...before,
          order: { ...before.order, status: 'cancelled' } satisfies PartialOrder,
        });
      }
      return { before };
    },
    onError: (_error, _code, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (change) => {
      queryClient.setQueryData(key, (current) =>
        current
          ? {
              ...current,
              order: {
                ...current.order,
                status: change.status,
                status_detail: change.status_detail,
                tags: change.tags,
                cancel_detail: change.cancel_detail,
                last_updated: change.last_updated,
              },
            }
          : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
