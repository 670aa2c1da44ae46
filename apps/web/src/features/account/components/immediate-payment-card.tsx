import type { PartialUserPrivate } from '@mostrador/contracts';
import { useState } from 'react';
import { cx } from '../../../lib/class-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { useSetImmediatePayment } from '../api/set-immediate-payment.ts';

/** The sell-equals-pay switch; both directions ask first and say what will change. */
export function ImmediatePaymentCard({ me }: { me: PartialUserPrivate }) {
  const t = useT();
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const mutation = useSetImmediatePayment();
  const reasons = me.status.sell.immediate_payment.reasons;
  const byUser = reasons.includes('by_user');
  const on = me.status.immediate_payment;
  // Markers the platform set (not `by_user`) cannot be taken off by the user.
  const required = reasons.filter((reason) => reason !== 'by_user');

  const confirm = () => {
    if (confirming === null) return;
    const next = confirming;
    mutation.mutate(
      { userId: me.id, on: next },
      {
        onSuccess: () => {
          setConfirming(null);
          announce(
            next
              ? translate('account.immediatePaymentCard.sellEqualsPayIs')
              : translate('account.immediatePaymentCard.sellEqualsPayIs2'),
          );
        },
      },
    );
  };

  return (
    <Card aria-labelledby="immediate-payment-heading" className="p-4 shadow-xs">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="immediate-payment-heading" className="text-sm font-semibold text-ink">
            {t('account.immediatePaymentCard.sellEqualsPay')}
          </h2>
          <p id="immediate-payment-description" className="mt-1 text-body leading-5 text-muted">
            {on
              ? t('account.immediatePaymentCard.onBuyersPayThrough')
              : t('account.immediatePaymentCard.offBuyersMayAgree')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="immediate-payment-heading"
          aria-describedby="immediate-payment-description"
          disabled={on && !byUser}
          onClick={() => {
            mutation.reset();
            setConfirming(!byUser);
          }}
          className={cx(
            'relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
            on ? 'border-accent bg-accent' : 'border-faint bg-faint',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'inline-block size-3.5 rounded-full bg-white shadow-xs transition-transform',
              on ? 'translate-x-[18px] dark:bg-canvas' : 'translate-x-0.5 dark:bg-canvas',
            )}
          />
        </button>
      </div>
      {required.length > 0 ? (
        <p className="mt-3 rounded-md bg-info-soft px-3 py-2 text-xs text-info-soft-ink">
          {t('account.immediatePaymentCard.required', { reasons: required.join(', ') })}
        </p>
      ) : null}

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming
            ? t('account.immediatePaymentCard.turnOnSellEquals')
            : t('account.immediatePaymentCard.turnOffSellEquals')
        }
        description={
          confirming
            ? t('account.immediatePaymentCard.effectOn')
            : t('account.immediatePaymentCard.effectOff')
        }
        confirm={{
          label: confirming
            ? translate('account.immediatePaymentCard.turnOn')
            : translate('account.immediatePaymentCard.turnOff'),
          pending: mutation.isPending,
          onConfirm: confirm,
        }}
      >
        {mutation.isError ? (
          <FormError>{t('account.immediatePaymentCard.theMarketplaceDidNot')}</FormError>
        ) : null}
      </Dialog>
    </Card>
  );
}
