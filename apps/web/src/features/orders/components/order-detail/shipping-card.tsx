import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { asLabel, shipmentModeName, shipmentStatusName } from '../../../../lib/i18n/code-names.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { DetailRow } from './detail-row.tsx';

/** The order's shipment: its status, method, what it costs the buyer, tracking, where to and when. */
export function ShippingCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  const shipment = useQuery(orderShipmentQueryOptions(order));
  if (shipmentIdOf(order) === null) {
    return (
      <Card title={t('orders.shippingCard.shipping')}>
        <p className="text-muted">{t('orders.shippingCard.noShipmentBuyerAnd')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('orders.shippingCard.shipping')}>
      <QueryState
        query={shipment}
        compact
        loading={<Skeleton className="h-16" />}
        error={{ title: translate('orders.shippingCard.theShipmentCouldNot') }}
      >
        {(data) => (
          <dl>
            <DetailRow label={t('orders.shippingCard.shipment')}>#{data.id}</DetailRow>
            <DetailRow label={t('orders.shippingCard.status')}>
              {asLabel(shipmentStatusName(data.status))}
            </DetailRow>
            <DetailRow label={t('orders.shippingCard.method')}>
              {data.lead_time.shipping_method?.name ?? shipmentModeName(data.mode)}
            </DetailRow>
            <DetailRow label={t('orders.shippingCard.costToBuyer')}>
              {formatMoney(data.lead_time.cost, data.lead_time.currency_id, locale)}
            </DetailRow>
            {data.lead_time.cost_type !== 'charged' ? (
              <DetailRow label={t('orders.shippingCard.listCost')}>
                {formatMoney(data.lead_time.list_cost, data.lead_time.currency_id, locale)}
              </DetailRow>
            ) : null}
            {data.tracking_number ? (
              <DetailRow label={t('orders.shippingCard.tracking')}>{data.tracking_number}</DetailRow>
            ) : null}
            <DetailRow label={t('orders.shippingCard.to')}>
              {`${data.destination.shipping_address.city.name}, ${data.destination.shipping_address.state.name}`}
            </DetailRow>
            {data.lead_time.estimated_delivery_time.date ? (
              <DetailRow label={t('orders.shippingCard.estimatedDelivery')}>
                {formatDate(data.lead_time.estimated_delivery_time.date, locale, { style: 'date' })}
              </DetailRow>
            ) : null}
          </dl>
        )}
      </QueryState>
    </Card>
  );
}
