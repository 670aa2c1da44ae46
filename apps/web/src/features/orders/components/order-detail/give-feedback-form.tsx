import { FEEDBACK_MESSAGE_MAX, type FeedbackBody } from '@mostrador/contracts';
import { useState } from 'react';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';
import { useGiveFeedback } from '../../api/give-feedback.ts';
import { feedbackBody, feedbackReasons } from '../../model/feedback.ts';

/** This side's feedback on the order: fulfilled or not (then why), the rating and a message. */
export function GiveFeedbackForm({ orderId, isSeller }: { orderId: number; isSeller: boolean }) {
  const t = useT();
  const give = useGiveFeedback(orderId);
  const announce = useAnnounce();
  const [fulfilled, setFulfilled] = useState(true);
  const [rating, setRating] = useState<FeedbackBody['rating']>('positive');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const reasons = feedbackReasons(isSeller);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        give.mutate(feedbackBody({ fulfilled, rating, reason, message }, isSeller), {
          onSuccess: () => announce(translate('orders.giveFeedbackForm.feedbackGiven')),
        });
      }}
    >
      <SelectField
        label={t('orders.giveFeedbackForm.delivered')}
        value={String(fulfilled)}
        options={[
          { value: 'true', label: translate('orders.giveFeedbackForm.yesFulfilled') },
          { value: 'false', label: translate('orders.giveFeedbackForm.noNotFulfilled') },
        ]}
        onChange={(event) => {
          const next = event.target.value === 'true';
          setFulfilled(next);
          // An order not fulfilled cannot be rated positive.
          if (!next && rating === 'positive') setRating('neutral');
        }}
      />
      <SelectField
        label={t('orders.giveFeedbackForm.rating')}
        value={rating}
        options={[
          { value: 'positive', label: translate('orders.giveFeedbackForm.positive'), disabled: !fulfilled },
          { value: 'neutral', label: translate('orders.giveFeedbackForm.neutral') },
          { value: 'negative', label: translate('orders.giveFeedbackForm.negative') },
        ]}
        onChange={(event) => setRating(event.target.value as FeedbackBody['rating'])}
      />
      {fulfilled ? null : (
        <SelectField
          label={t('orders.giveFeedbackForm.reason')}
          value={reason || reasons[0]}
          options={reasons.map((value) => ({ value, label: value.toLowerCase().replaceAll('_', ' ') }))}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
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
      {give.error ? (
        <p role="alert" className="text-xs text-danger">
          {errorText(give.error)}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="primary" pending={give.isPending} className="self-start">
        {t('orders.giveFeedbackForm.giveFeedback')}
      </Button>
    </form>
  );
}
