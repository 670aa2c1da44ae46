import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { Card } from '../../../../ui/card.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { DetailRow } from './detail-row.tsx';

/** The order's shipment: its status, method, what it costs the buyer, tracking, where to and when. */
export function ShippingCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const shipment = useQuery(orderShipmentQueryOptions(order));
  if (shipmentIdOf(order) === null) {
    return (
      <Card title="Shipping">
        <p className="text-muted">No shipment: buyer and seller agree the delivery.</p>
      </Card>
    );
  }
  return (
    <Card title="Shipping">
      <QueryState
        query={shipment}
        compact
        loading={<Skeleton className="h-16" />}
        error={{ title: 'The shipment could not be loaded' }}
      >
        {(data) => (
          <dl>
            <DetailRow label="Shipment">#{data.id}</DetailRow>
            <DetailRow label="Status">{data.status.replaceAll('_', ' ')}</DetailRow>
            <DetailRow label="Method">{data.lead_time.shipping_method?.name ?? data.mode}</DetailRow>
            <DetailRow label="Cost to buyer">
              {formatMoney(data.lead_time.cost, data.lead_time.currency_id, locale)}
            </DetailRow>
            {data.lead_time.cost_type !== 'charged' ? (
              <DetailRow label="List cost">
                {formatMoney(data.lead_time.list_cost, data.lead_time.currency_id, locale)}
              </DetailRow>
            ) : null}
            {data.tracking_number ? <DetailRow label="Tracking">{data.tracking_number}</DetailRow> : null}
            <DetailRow label="To">
              {`${data.destination.shipping_address.city.name}, ${data.destination.shipping_address.state.name}`}
            </DetailRow>
            {data.lead_time.estimated_delivery_time.date ? (
              <DetailRow label="Estimated delivery">
                {formatDate(data.lead_time.estimated_delivery_time.date, locale, { style: 'date' })}
              </DetailRow>
            ) : null}
          </dl>
        )}
      </QueryState>
    </Card>
  );
}
