import type { PartialOrder } from '@mostrador/contracts';
import { formatMoney } from '../../../../lib/format.ts';
import { itemConditionName } from '../../../../lib/i18n/code-names.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';

/** Each line of the order: the item, its variation, SKU and condition, the price paid (and the list price) and the fee. */
export function ItemsCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  return (
    <Card title={t('orders.itemsCard.items')}>
      <ul className="divide-y divide-line">
        {order.order_items.map((line) => (
          <li
            key={`${line.item.id}-${line.item.variation_id}`}
            className="flex items-start justify-between gap-4 py-2 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <p className="font-medium text-ink">{line.item.title}</p>
              <p className="text-xs text-muted">
                {line.item.id}
                {line.item.variation_attributes.map(
                  (attribute) => ` · ${String(attribute.name ?? '')} ${String(attribute.value_name ?? '')}`,
                )}
                {line.item.seller_sku
                  ? translate('orders.itemsCard.sku', { seller_sku: line.item.seller_sku })
                  : ''}{' '}
                · {itemConditionName(line.item.condition)}
              </p>
              {line.item.warranty ? <p className="text-xs text-faint">{line.item.warranty}</p> : null}
            </div>
            <div className="shrink-0 text-right tabular">
              <p>
                {line.quantity} × {money(line.unit_price, line.currency_id)}
              </p>
              {line.full_unit_price !== line.unit_price ? (
                <p className="text-xs text-faint line-through">
                  {money(line.full_unit_price, line.currency_id)}
                </p>
              ) : null}
              <p className="text-xs text-muted">
                {t('orders.itemsCard.fee', { amount: money(line.sale_fee, line.currency_id) })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
