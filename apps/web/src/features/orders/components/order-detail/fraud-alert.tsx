import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';

/**
 * Shown on an order the payment network flagged after approval: it must not be shipped. The seller cancels from
 * here; a team member, whom the marketplace does not let cancel, is told to ask the seller.
 */
export function FraudAlert({
  onCancel,
  teamMember,
}: {
  onCancel?: (() => void) | undefined;
  teamMember: boolean;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-danger-soft-ink"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('orders.fraudAlert.doNotShipThis')}</p>
        <p className="text-body">{t('orders.fraudAlert.thePaymentNetworkFlagged')}</p>
        {teamMember ? <p className="mt-1 text-body">{t('orders.cancelOrder.onlyTheSeller')}</p> : null}
      </div>
      {onCancel ? (
        <Button variant="danger" size="sm" onClick={onCancel} className="self-center">
          {t('orders.cancelOrder.fromFraudBanner')}
        </Button>
      ) : null}
    </div>
  );
}
