import type { PartialOrder } from '@mostrador/contracts';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { asLabel, paymentStatusName } from '../../../../lib/i18n/code-names.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Card } from '../../../../ui/card.tsx';
import { DetailRow } from './detail-row.tsx';

export function PaymentsCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  return (
    <Card title={t('orders.paymentsCard.payments')}>
      {order.payments.length === 0 ? (
        <p className="text-muted">{t('orders.paymentsCard.noPaymentsYet')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {order.payments.map((payment) => (
            <li key={payment.id} className="flex items-center justify-between gap-3 py-1.5">
              <span>
                <span className="font-medium tabular">#{payment.id}</span>{' '}
                <Badge tone={payment.status === 'approved' ? 'success' : 'neutral'}>
                  {asLabel(paymentStatusName(payment.status))}
                </Badge>
                <span className="ml-2 text-xs text-muted">
                  {formatDate(payment.date_last_modified, locale)}
                </span>
              </span>
              <span className="tabular">{money(payment.transaction_amount, payment.currency_id)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 border-t border-line pt-2">
        <DetailRow label={t('orders.paymentsCard.paid')}>
          {money(order.paid_amount, order.currency_id)}
        </DetailRow>
      </dl>
    </Card>
  );
}
