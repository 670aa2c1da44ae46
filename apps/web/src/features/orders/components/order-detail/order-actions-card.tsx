import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { platformQueryOptions } from '../../api/get-platform.ts';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { deliverySteps, isCancellable } from '../../model/order-actions.ts';
import { RecordDeliveryDialog } from './record-delivery-dialog.tsx';

/**
 * What the seller can do to the order now, where the marketplace allows it: cancel it (the dialog is the page's,
 * shared with the fraud banner), and in local use record its delivery. Absent when there is nothing to do.
 */
export function OrderActionsCard({
  order,
  canCancel,
  canRecordDelivery,
  onCancel,
}: {
  order: PartialOrder;
  canCancel: boolean;
  canRecordDelivery: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const [recording, setRecording] = useState(false);
  const platform = useQuery({ ...platformQueryOptions(), enabled: canRecordDelivery });
  const shipment = useQuery({
    ...orderShipmentQueryOptions(order),
    enabled: canRecordDelivery && shipmentIdOf(order) !== null,
  });
  const delivery = shipment.data?.delivery;
  // A remote marketplace is the real platform: its carrier reports deliveries, not the dashboard.
  // While its dialog is open the action stays, though the shipment shows the step before the marketplace answers.
  const deliveryOffered =
    canRecordDelivery &&
    platform.data?.embedded === true &&
    (recording || deliverySteps(delivery).length > 0);
  const cancelOffered = canCancel && isCancellable(order);
  if (!deliveryOffered && !cancelOffered) return null;
  return (
    <Card title={t('orders.orderActions.title')}>
      <div className="flex flex-wrap gap-2">
        {deliveryOffered ? (
          <Button variant="secondary" size="sm" onClick={() => setRecording(true)}>
            {t('orders.recordDelivery.open')}
          </Button>
        ) : null}
        {cancelOffered ? (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {t('orders.cancelOrder.open')}
          </Button>
        ) : null}
      </div>
      {recording && shipment.data && delivery ? (
        <RecordDeliveryDialog
          order={order}
          shipment={shipment.data}
          delivery={delivery}
          open
          onClose={() => setRecording(false)}
        />
      ) : null}
    </Card>
  );
}
