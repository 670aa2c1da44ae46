import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Card } from '../../../../ui/card.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { deliveryOutcome } from '../../model/delivery-outcome.ts';

/**
 * "If cancelled or charged back": spec 1's table applied to this order in plain words — what a cancellation or a
 * buyer's chargeback would do now, given its delivery and proof, and what did happen once one was settled.
 */
export function DeliveryOutcomePanel({ order }: { order: PartialOrder }) {
  const t = useT();
  const shipment = useQuery(orderShipmentQueryOptions(order));
  const loading = shipmentIdOf(order) !== null && shipment.isPending;
  const view = loading ? null : deliveryOutcome(order, shipment.data?.delivery ?? null);
  return (
    <Card
      title={t('orders.deliveryOutcomePanel.ifCancelledOrCharged')}
      bodyClassName="flex flex-col gap-3 px-4 py-3 text-body"
    >
      {!view ? (
        <Skeleton className="h-20" />
      ) : (
        <>
          {view.happened ? (
            <div
              className={`rounded-md border px-3 py-2 ${view.happened.tone === 'success' ? 'border-success-soft-ink/30 bg-success-soft text-success-soft-ink' : 'border-danger/40 bg-danger-soft text-danger-soft-ink'}`}
            >
              <p className="font-semibold">
                {t('orders.deliveryOutcomePanel.whatHappened', { title: view.happened.title })}
              </p>
              <p>{view.happened.detail}</p>
            </div>
          ) : null}
          <div className="flex flex-col items-start gap-1">
            <Badge tone="neutral">{view.caseLabel}</Badge>
            <p className="text-muted">{view.because}</p>
          </div>
          {view.ifCancelled || view.ifChargedBack ? (
            <dl className="flex flex-col gap-2">
              {view.ifCancelled ? (
                <div>
                  <dt className="font-medium text-ink">{t('orders.deliveryOutcomePanel.ifYouCancelNow')}</dt>
                  <dd className="text-ink">{view.ifCancelled}</dd>
                </div>
              ) : null}
              {view.ifChargedBack ? (
                <div>
                  <dt className="font-medium text-ink">
                    {t('orders.deliveryOutcomePanel.ifTheBuyerCharges')}
                  </dt>
                  <dd className="text-ink">{view.ifChargedBack}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-muted">{t('orders.deliveryOutcomePanel.theOrderIsClosed')}</p>
          )}
        </>
      )}
    </Card>
  );
}
