import type { FeedbackBody } from '@mostrador/contracts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { DetailRow } from './detail-row.tsx';

/** What will be sent as this side's feedback, to confirm before it goes: it cannot be changed afterwards. */
export function FeedbackConfirmation({
  body,
  isSeller,
  reasonName,
  pending,
  error,
  onClose,
  onSend,
}: {
  body: FeedbackBody;
  isSeller: boolean;
  reasonName: (reason: string) => string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSend: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('orders.giveFeedbackForm.confirmTitle')}
      description={translate('orders.giveFeedbackForm.confirmDescription', {
        side: isSeller ? 'buyer' : 'seller',
      })}
      confirm={{ label: translate('orders.giveFeedbackForm.send'), pending, onConfirm: onSend }}
    >
      <dl className="text-body">
        <DetailRow label={t('orders.giveFeedbackForm.delivered')}>
          {body.fulfilled
            ? t('orders.giveFeedbackForm.yesFulfilled')
            : t('orders.giveFeedbackForm.noNotFulfilled')}
        </DetailRow>
        <DetailRow label={t('orders.giveFeedbackForm.rating')}>
          {translate(`orders.giveFeedbackForm.${body.rating}`)}
        </DetailRow>
        {body.reason ? (
          <DetailRow label={t('orders.giveFeedbackForm.reason')}>{reasonName(body.reason)}</DetailRow>
        ) : null}
        <DetailRow label={t('orders.giveFeedbackForm.message')}>
          {body.message ?? t('orders.giveFeedbackForm.noMessage')}
        </DetailRow>
      </dl>
      {error ? (
        <FormError>{translate('orders.giveFeedbackForm.notSent', { reason: error })}</FormError>
      ) : null}
    </Dialog>
  );
}
