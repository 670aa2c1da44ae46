import { useT } from '../../../../lib/i18n/use-t.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';

/** Shown on an order the payment network flagged after approval: it must not be shipped. */
export function FraudAlert() {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-danger-soft-ink"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('orders.fraudAlert.doNotShipThis')}</p>
        <p className="text-body">{t('orders.fraudAlert.thePaymentNetworkFlagged')}</p>
      </div>
    </div>
  );
}
