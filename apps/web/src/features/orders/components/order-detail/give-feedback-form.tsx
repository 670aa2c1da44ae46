import { FEEDBACK_MESSAGE_MAX, type FeedbackBody } from '@mostrador/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';
import { useGiveFeedback } from '../../api/give-feedback.ts';
import { feedbackBody, feedbackReasons } from '../../model/feedback.ts';
import { FeedbackConfirmation } from './feedback-confirmation.tsx';

const reasonName = (reason: string) => reason.toLowerCase().replaceAll('_', ' ');

/**
 * This side's feedback on the order: fulfilled or not (then why), the rating and a message. Nothing is chosen for
 * the seller: fulfilment and rating start empty, and on an order flagged as fraud the form starts at "not
 * fulfilled" (the dubious buyer the reason), so a hurried click never rates a fraud positive. Sending asks first,
 * showing exactly what the other side will read, since feedback cannot be changed once given.
 */
export function GiveFeedbackForm({
  orderId,
  isSeller,
  fraud = false,
}: {
  orderId: number;
  isSeller: boolean;
  fraud?: boolean;
}) {
  const t = useT();
  const give = useGiveFeedback(orderId);
  const announce = useAnnounce();
  const reasons = feedbackReasons(isSeller);
  const [fulfilled, setFulfilled] = useState<'' | 'true' | 'false'>(fraud ? 'false' : '');
  const [rating, setRating] = useState<FeedbackBody['rating'] | ''>('');
  const [reason, setReason] = useState<string>(fraud && isSeller ? 'DUBIOUS_BUYER' : (reasons[0] ?? ''));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ fulfilled?: string; rating?: string }>({});
  const [review, setReview] = useState<FeedbackBody | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(fulfilled === '' ? { fulfilled: translate('orders.giveFeedbackForm.chooseFulfilled') } : {}),
      ...(rating === '' ? { rating: translate('orders.giveFeedbackForm.chooseRating') } : {}),
    };
    setErrors(missing);
    if (fulfilled === '' || rating === '') return;
    give.reset();
    setReview(feedbackBody({ fulfilled: fulfilled === 'true', rating, reason, message }, isSeller));
  };

  return (
    <>
      <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
        {fraud ? (
          <p className="rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger-soft-ink">
            {t('orders.giveFeedbackForm.fraudHint')}
          </p>
        ) : null}
        <SelectField
          label={t('orders.giveFeedbackForm.delivered')}
          value={fulfilled}
          error={errors.fulfilled}
          options={[
            { value: '', label: translate('orders.giveFeedbackForm.choose'), disabled: true },
            { value: 'true', label: translate('orders.giveFeedbackForm.yesFulfilled') },
            { value: 'false', label: translate('orders.giveFeedbackForm.noNotFulfilled') },
          ]}
          onChange={(event) => {
            const next = event.target.value as 'true' | 'false';
            setFulfilled(next);
            // An order not fulfilled cannot be rated positive.
            if (next === 'false' && rating === 'positive') setRating('');
          }}
        />
        <SelectField
          label={t('orders.giveFeedbackForm.rating')}
          value={rating}
          error={errors.rating}
          options={[
            { value: '', label: translate('orders.giveFeedbackForm.choose'), disabled: true },
            {
              value: 'positive',
              label: translate('orders.giveFeedbackForm.positive'),
              disabled: fulfilled === 'false',
            },
            { value: 'neutral', label: translate('orders.giveFeedbackForm.neutral') },
            { value: 'negative', label: translate('orders.giveFeedbackForm.negative') },
          ]}
          onChange={(event) => setRating(event.target.value as FeedbackBody['rating'])}
        />
        {fulfilled === 'false' ? (
          <SelectField
            label={t('orders.giveFeedbackForm.reason')}
            value={reason}
            options={reasons.map((value) => ({ value, label: reasonName(value) }))}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
        <label className="text-body font-medium text-ink" htmlFor={`feedback-${orderId}`}>
          {t('orders.giveFeedbackForm.messageOptional')}
        </label>
        <textarea
          id={`feedback-${orderId}`}
          maxLength={FEEDBACK_MESSAGE_MAX}
          value={message}
          rows={2}
          onChange={(event) => setMessage(event.target.value)}
          className="rounded-md border border-line-strong bg-surface px-2 py-1.5 text-body"
        />
        <Button type="submit" size="sm" variant="primary" className="self-start">
          {t('orders.giveFeedbackForm.review')}
        </Button>
      </form>
      {review ? (
        <FeedbackConfirmation
          body={review}
          isSeller={isSeller}
          reasonName={reasonName}
          pending={give.isPending}
          error={give.error ? errorText(give.error) : null}
          onClose={() => setReview(null)}
          onSend={() =>
            give.mutate(review, {
              onSuccess: () => {
                setReview(null);
                announce(translate('orders.giveFeedbackForm.feedbackGiven'));
              },
            })
          }
        />
      ) : null}
    </>
  );
}
