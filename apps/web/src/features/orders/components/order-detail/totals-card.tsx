import type { PartialOrder } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney, formatRate } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { Select } from '../../../../ui/select.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { currenciesQueryOptions } from '../../api/get-currencies.ts';
import { currencyConversionQueryOptions } from '../../api/get-currency-conversion.ts';
import { orderShipmentQueryOptions, shipmentIdOf } from '../../api/get-shipment.ts';
import { conversionTargets, convertMoney, totalWithShipping } from '../../model/money.ts';
import { DetailRow } from './detail-row.tsx';

/**
 * The total with shipping of spec 4.1 (order total, taxes and the shipment's cost, in the item currency), and that
 * total converted to a currency the seller picks, with the rates' source and time.
 */
export function TotalsCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  const shipment = useQuery(orderShipmentQueryOptions(order));
  const currencies = useQuery(currenciesQueryOptions());
  const [target, setTarget] = useState('');
  const total = totalWithShipping(order, shipment.data ?? null);
  const base = total.ok ? total.currencyId : order.currency_id;
  const conversion = useQuery({
    ...currencyConversionQueryOptions(base, target),
    enabled: target !== '' && target !== base,
  });
  const money = (amount: number, currency = base) => formatMoney(amount, currency, locale);

  return (
    <Card
      title={t('orders.totalsCard.totalWithShipping')}
      actions={
        <span className="flex items-center gap-2 text-xs text-muted">
          <label htmlFor="convert-to">{t('orders.totalsCard.convertTo')}</label>
          <Select
            id="convert-to"
            className="w-24"
            value={target}
            options={[
              { value: '', label: '—' },
              ...conversionTargets(currencies.data, base).map((id) => ({ value: id, label: id })),
            ]}
            onChange={(event) => setTarget(event.target.value)}
          />
        </span>
      }
    >
      {shipmentIdOf(order) !== null && shipment.isPending ? (
        <Skeleton className="h-20" />
      ) : !total.ok ? (
        <p role="alert" className="text-danger">
          {t('orders.totalsCard.mixedCurrencies', { currencies: total.currencies.join(', ') })}
        </p>
      ) : (
        <dl data-testid="total-with-shipping">
          <DetailRow label={t('orders.totalsCard.orderTotal')}>{money(total.totalAmount)}</DetailRow>
          <DetailRow label={t('orders.totalsCard.taxes')}>{money(total.taxes)}</DetailRow>
          <DetailRow
            label={
              total.hasShipment
                ? t('orders.totalsCard.shippingLeadTimeCost')
                : t('orders.totalsCard.shippingNoShipment')
            }
          >
            {money(total.shipping)}
          </DetailRow>
          <DetailRow label={t('orders.totalsCard.totalWithShipping')} strong>
            <span data-testid="total-value">{money(total.total)}</span>
          </DetailRow>
          {target && target !== base ? (
            conversion.data ? (
              <>
                <DetailRow label={translate('orders.totalsCard.in', { target })} strong>
                  <span data-testid="converted-total">
                    {money(convertMoney(total.total, conversion.data.ratio, target), target)}
                  </span>
                </DetailRow>
                <p className="mt-1 text-xs text-muted" data-testid="conversion-source">
                  1 {base} = {formatRate(conversion.data.ratio, locale)} {target} ·{' '}
                  {t('orders.totalsCard.conversionSource')}
                  {conversion.data.lastModified
                    ? translate('orders.totalsCard.ratesOf', {
                        value: formatDate(conversion.data.lastModified, locale),
                      })
                    : ''}
                </p>
              </>
            ) : conversion.error ? (
              <p role="alert" className="text-danger">
                {errorText(conversion.error)}
              </p>
            ) : (
              <Skeleton className="mt-2 h-4 w-40" />
            )
          ) : null}
          {shipment.error ? (
            <p role="alert" className="mt-1 text-xs text-danger">
              {t('orders.totalsCard.shippingCostUnavailable', { message: shipment.error.message })}
            </p>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
