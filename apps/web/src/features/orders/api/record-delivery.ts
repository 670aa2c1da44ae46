import { type DeliveryProgressBody, deliveryCase, shipmentSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { shipmentQueryOptions } from './get-shipment.ts';
import { ordersKey } from './search-orders.ts';

/** `POST /shipments/{id}/delivery` (the embedded marketplace, local use): the delivery's next step. */
export const recordDelivery = (shipmentId: number, body: DeliveryProgressBody) =>
  request(`/api/shipments/${shipmentId}/delivery`, shipmentSchema, {
    method: 'POST',
    body,
    headers: { 'x-format-new': 'true' },
  });

/**
 * Records the step, showing it at once on the page's copy of the shipment (and what a cancellation would do
 * then); back as it was if the marketplace refuses; the order and lists are read again after.
 */
export function useRecordDelivery(shipmentId: number) {
  const queryClient = useQueryClient();
  const key = shipmentQueryOptions(shipmentId).queryKey;
  return useMutation({
    mutationFn: (body: DeliveryProgressBody) => recordDelivery(shipmentId, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before?.delivery) {
        const platform = before.delivery.platform_shipping;
        const evidence = body.evidence
          ? { ...body.evidence, date: new Date().toISOString() }
          : before.delivery.evidence;
        queryClient.setQueryData(key, {
          ...before,
          delivery: {
            ...before.delivery,
            state: body.state,
            evidence,
            case: deliveryCase({
              platformShipping: platform,
              state: body.state,
              evidence: evidence !== null || (platform && body.state === 'delivered'),
            }),
          },
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (shipment) => queryClient.setQueryData(key, shipment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
