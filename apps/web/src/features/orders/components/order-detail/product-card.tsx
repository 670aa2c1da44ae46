import { useQuery } from '@tanstack/react-query';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderProductQueryOptions } from '../../api/get-order-product.ts';
import { DetailRow } from './detail-row.tsx';

/** The product's attributes as the order recorded them. */
export function ProductCard({ orderId }: { orderId: number }) {
  const t = useT();
  const product = useQuery(orderProductQueryOptions(orderId));
  return (
    <Card title={t('orders.productCard.productAttributes')}>
      <QueryState
        query={product}
        compact
        loading={<Skeleton className="h-8" />}
        error={{ title: translate('orders.productCard.theProductAttributesCould') }}
        isEmpty={(data) => data.attributes.length === 0}
        empty={{ title: translate('orders.productCard.noAttributesRecorded') }}
      >
        {(data) => (
          <dl>
            {data.attributes.map((attribute) => (
              <DetailRow key={attribute.id} label={attribute.name.replaceAll('_', ' ')}>
                {attribute.value}
              </DetailRow>
            ))}
          </dl>
        )}
      </QueryState>
    </Card>
  );
}
