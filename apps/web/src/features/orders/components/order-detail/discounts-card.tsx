import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../../lib/format.ts';
import { discountFundingName } from '../../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { DataTable, type DataTableColumn } from '../../../../ui/data-table.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../../ui/use-media-query.ts';
import { orderDiscountsQueryOptions } from '../../api/get-order-discounts.ts';
import { type DiscountLine, discountBreakdown } from '../../model/discounts.ts';
import { DetailRow } from './detail-row.tsx';

const TYPE_LABELS = messagesByKey({
  coupon: 'orders.discountsCard.coupon',
  discount: 'orders.discountsCard.discount',
  cashback: 'orders.discountsCard.cashback',
});

/** The order's discounts, each split into the part the seller bears and the part the platform bears, with totals. */
export function DiscountsCard({
  orderId,
  currencyId,
  locale,
}: {
  orderId: number;
  currencyId: string;
  locale: string;
}) {
  const t = useT();
  const discounts = useQuery(orderDiscountsQueryOptions(orderId));
  const phone = useMediaQuery(PHONE_QUERY);
  const money = (amount: number) => formatMoney(amount, currencyId, locale);
  const amount = (id: string, header: string, value: (line: DiscountLine) => number) =>
    ({
      id,
      header,
      align: 'end',
      cell: (line) => money(value(line)),
    }) satisfies DataTableColumn<DiscountLine>;
  const columns: DataTableColumn<DiscountLine>[] = [
    {
      id: 'discount',
      header: translate('orders.discountsCard.discount'),
      cell: (line) => (
        <>
          <span className="font-medium">{TYPE_LABELS[line.type]}</span>
          {line.reference ? <span className="text-muted"> · {line.reference}</span> : null}
          {line.fundingMode ? (
            <span className="text-faint"> · {discountFundingName(line.fundingMode)}</span>
          ) : null}
          {line.counterCurrency ? (
            <p className="text-xs text-muted">
              {t('orders.discountsCard.paidAsCounterCurrency', {
                value: line.counterCurrency.value,
                currencyId: line.counterCurrency.currencyId,
              })}
            </p>
          ) : null}
          <p className="text-xs text-faint">
            {line.items.map((item) => `${item.id} × ${item.quantity}`).join(', ')}
          </p>
        </>
      ),
    },
    amount('total', translate('orders.discountsCard.total'), (line) => line.total),
    amount('seller', translate('orders.discountsCard.seller'), (line) => line.seller),
    amount('platform', translate('orders.discountsCard.platform'), (line) => line.platform),
  ];
  return (
    <Card title={t('orders.discountsCard.discounts')}>
      <QueryState
        query={discounts}
        compact
        loading={<Skeleton className="h-12" />}
        error={{ title: translate('orders.discountsCard.discountsCouldNotBe') }}
        isEmpty={(data) => data.details.length === 0}
        empty={{ title: translate('orders.discountsCard.noDiscountsOnThis') }}
      >
        {(data) => {
          const breakdown = discountBreakdown(data.details, currencyId);
          // On a phone four columns of amounts run together: each discount lists its three amounts instead.
          if (phone) {
            return (
              <div data-testid="discounts" className="flex flex-col gap-3">
                {breakdown.lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: discounts have no id; their place names them
                  <div key={index} className="border-b border-line pb-3">
                    {columns[0]?.cell(line)}
                    <dl className="mt-1">
                      <DetailRow label={t('orders.discountsCard.total')}>{money(line.total)}</DetailRow>
                      <DetailRow label={t('orders.discountsCard.sellerPart')}>{money(line.seller)}</DetailRow>
                      <DetailRow label={t('orders.discountsCard.platformPart')}>
                        {money(line.platform)}
                      </DetailRow>
                    </dl>
                  </div>
                ))}
                <dl>
                  <DetailRow label={t('orders.discountsCard.allDiscounts')} strong>
                    {money(breakdown.total)}
                  </DetailRow>
                  <DetailRow label={t('orders.discountsCard.sellerPart')}>
                    {money(breakdown.seller)}
                  </DetailRow>
                  <DetailRow label={t('orders.discountsCard.platformPart')}>
                    {money(breakdown.platform)}
                  </DetailRow>
                </dl>
              </div>
            );
          }
          return (
            <div data-testid="discounts">
              <DataTable
                bare
                caption={t('orders.discountsCard.discountsWithThePart')}
                captionHidden
                columns={columns}
                rows={breakdown.lines}
                // Discounts have no id of their own: their place in the answer names them.
                getRowKey={(line) => breakdown.lines.indexOf(line)}
                footer={{
                  label: translate('orders.discountsCard.allDiscounts'),
                  cells: {
                    total: money(breakdown.total),
                    seller: money(breakdown.seller),
                    platform: money(breakdown.platform),
                  },
                }}
              />
            </div>
          );
        }}
      </QueryState>
    </Card>
  );
}
