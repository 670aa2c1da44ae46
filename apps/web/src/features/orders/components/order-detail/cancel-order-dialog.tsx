import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { RadioGroup } from '../../../../ui/radio-group.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { type SellerCancelCode, useCancelOrder } from '../../api/cancel-order.ts';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { deliveryOutcome } from '../../model/delivery-outcome.ts';
import { cancelCodes } from '../../model/order-actions.ts';

/**
 * Cancel the sale: why, and what will happen in the "If you cancel now" panel's own words (spec 1's table for this
 * order's delivery). The marketplace has no way to undo a cancellation, so the dialog says so instead of offering
 * an undo. The order shows as cancelled at once, and goes back if the marketplace refuses.
 */
export function CancelOrderDialog({
  order,
  open,
  onClose,
}: {
  order: PartialOrder;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const announce = useAnnounce();
  const codes = cancelCodes(order);
  const [code, setCode] = useState<SellerCancelCode>(codes[0] ?? 'seller_cancel_sale');
  const cancel = useCancelOrder(order.id);
  const shipment = useQuery(orderShipmentQueryOptions(order));
  const loading = shipmentIdOf(order) !== null && shipment.isPending;
  const now = loading ? null : deliveryOutcome(order, shipment.data?.delivery ?? null);
  // While the marketplace answers, the page already shows the order cancelled: the dialog keeps what it said.
  const said = useRef(now);
  if (cancel.isIdle || cancel.isError) said.current = now;
  const outcome = said.current;
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () =>
    cancel.mutate(code, {
      onSuccess: () => {
        announce(translate('orders.cancelOrder.cancelled', { id: order.id }));
        onClose();
      },
    });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={translate('orders.cancelOrder.title', { id: order.id })}
      description={t('orders.cancelOrder.noUndo')}
      footer={
        <>
          <Button onClick={close}>{t('orders.cancelOrder.keep')}</Button>
          <Button variant="danger" pending={cancel.isPending} onClick={confirm}>
            {t('orders.cancelOrder.confirm')}
          </Button>
        </>
      }
    >
      <RadioGroup
        legend={t('orders.cancelOrder.why')}
        name="cancel-code"
        options={codes.map((value) => ({ value, label: translate(`orders.cancelOrder.code.${value}`) }))}
        value={code}
        onChange={setCode}
      />
      <section
        aria-label={t('orders.deliveryOutcomePanel.ifYouCancelNow')}
        className="rounded-md border border-line bg-subtle px-3 py-2 text-body"
      >
        <h3 className="font-medium text-ink">{t('orders.deliveryOutcomePanel.ifYouCancelNow')}</h3>
        {outcome ? (
          <>
            <p className="text-ink">{outcome.ifCancelled}</p>
            <p className="mt-1 text-muted">{outcome.because}</p>
          </>
        ) : (
          <Skeleton className="h-10" />
        )}
      </section>
      {cancel.error ? (
        <FormError>{translate('orders.cancelOrder.refused', { reason: errorText(cancel.error) })}</FormError>
      ) : null}
    </Dialog>
  );
}
