import { useQuery } from '@tanstack/react-query';
import { paymentTypeName } from '../../../lib/i18n/code-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Card } from '../../../ui/card.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { paymentMethodsQueryOptions } from '../api/get-payment-methods.ts';

/** The methods buyers of the account's site can pay with. */
export function PaymentMethodsCard({ userId }: { userId: number }) {
  const t = useT();
  const methods = useQuery(paymentMethodsQueryOptions(userId));
  return (
    <Card title={t('account.paymentMethodsCard.acceptedPaymentMethods')} heading="inline">
      <QueryState
        query={methods}
        compact
        loading={<Skeleton className="h-16 w-full" />}
        error={{ title: translate('account.paymentMethodsCard.thePaymentMethodsCould') }}
      >
        {(data) => (
          <ul
            aria-label={t('account.paymentMethodsCard.acceptedPaymentMethods')}
            className="flex flex-col divide-y divide-line text-body"
          >
            {data.map((method) => (
              <li key={method.id} className="flex items-center justify-between gap-2 py-1.5">
                <span className="text-ink">{method.name}</span>
                <span className="text-xs text-faint">{paymentTypeName(method.payment_type_id)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
