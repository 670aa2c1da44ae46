import type { OrderProduct } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { productAttributeName } from '../../../../lib/i18n/code-names.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderProductQueryOptions } from '../../api/get-order-product.ts';
import { DetailRow } from './detail-row.tsx';

/**
 * Each attribute with its place among those of the same name: the platform records one IMEI or serial number per
 * unit sold, in the order of the units.
 */
function attributeRows(attributes: OrderProduct['attributes']) {
  const count = new Map<string, number>();
  for (const a of attributes) count.set(a.name, (count.get(a.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return attributes.map((attribute) => {
    const position = (seen.get(attribute.name) ?? 0) + 1;
    seen.set(attribute.name, position);
    return { attribute, position, count: count.get(attribute.name) ?? 1 };
  });
}

/** The product's attributes as the order recorded them, named in the page's language, numbered by unit. */
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
            {attributeRows(data.attributes).map(({ attribute, position, count }) => (
              <DetailRow
                key={attribute.id}
                label={
                  count > 1
                    ? t('orders.productCard.ofUnit', {
                        name: productAttributeName(attribute.name),
                        position,
                        count,
                      })
                    : productAttributeName(attribute.name)
                }
              >
                {attribute.value}
              </DetailRow>
            ))}
          </dl>
        )}
      </QueryState>
    </Card>
  );
}
