import { type PartialOrder, sellerProceeds } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../lib/format.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderDiscountsQueryOptions } from '../../api/get-order-discounts.ts';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { DetailRow } from './detail-row.tsx';

/**
 * What the sale leaves the seller (decision 0280): the order's total less what is not paid yet, the platform's fee,
 * the seller's share of shipping and of the discounts, and any refund; only the parts that apply are listed.
 */
export function ProceedsCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  const discounts = useQuery(orderDiscountsQueryOptions(order.id));
  const shipment = useQuery(orderShipmentQueryOptions(order));
  const currencyId = order.order_items[0]?.currency_id ?? order.currency_id;
  const money = (amount: number) => formatMoney(amount, currencyId, locale);
  const cost = (amount: number) => `−${formatMoney(amount, currencyId, locale)}`;
  const hasShipment = shipmentIdOf(order) !== null;
  // A 206 answer may leave `shipping` out: without its shipment the seller's share of shipping is unknown.
  const shippingKnown = 'id' in order.shipping;

  let body: ReactNode;
  if (discounts.isPending || (hasShipment && shipment.isPending)) {
    body = <Skeleton className="h-24" />;
  } else if (discounts.error || shipment.error || !shippingKnown) {
    body = (
      <p role="alert" className="text-body text-danger">
        {t('orders.proceedsCard.unavailable')}
      </p>
    );
  } else {
    const p = sellerProceeds(order, discounts.data?.details ?? [], shipment.data ?? null);
    body = (
      <>
        <dl data-testid="seller-proceeds">
          <DetailRow label={t('orders.proceedsCard.orderTotal')}>{money(p.total)}</DetailRow>
          {p.unpaid > 0 ? (
            <DetailRow label={t('orders.proceedsCard.unpaid')}>{cost(p.unpaid)}</DetailRow>
          ) : null}
          {p.undone ? null : <DetailRow label={t('orders.proceedsCard.fees')}>{cost(p.fees)}</DetailRow>}
          {p.shipping > 0 ? (
            <DetailRow label={t('orders.proceedsCard.shipping')}>{cost(p.shipping)}</DetailRow>
          ) : null}
          {p.discounts > 0 ? (
            <DetailRow label={t('orders.proceedsCard.discounts')}>{cost(p.discounts)}</DetailRow>
          ) : null}
          {p.refunded > 0 ? (
            <DetailRow label={t('orders.proceedsCard.refunded')}>{cost(p.refunded)}</DetailRow>
          ) : null}
          <DetailRow label={t('orders.proceedsCard.receives')} strong>
            <span data-testid="proceeds-value">{money(p.receives)}</span>
          </DetailRow>
        </dl>
        {/* Beside the list, not in it: a description list holds only its terms and descriptions. */}
        {p.undone ? (
          <p className="mt-1 text-caption text-muted">{t('orders.proceedsCard.undoneNote')}</p>
        ) : p.paidShare < 1 ? (
          <p className="mt-1 text-caption text-muted">
            {t('orders.proceedsCard.paidShareNote', {
              share: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
                p.paidShare,
              ),
            })}
          </p>
        ) : null}
      </>
    );
  }
  return <Card title={t('orders.proceedsCard.title')}>{body}</Card>;
}
