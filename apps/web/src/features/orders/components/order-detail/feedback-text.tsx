import type { Feedback } from '@mostrador/contracts';
import { formatDate } from '../../../../lib/format.ts';
import { feedbackRatingName } from '../../../../lib/i18n/code-names.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';

const RATING_TONES = {
  positive: 'success',
  neutral: 'neutral',
  negative: 'danger',
} as const;

/** One side's feedback: its rating, whether the order was fulfilled, when, the message and the reply. */
export function FeedbackText({ feedback, locale }: { feedback: Feedback; locale: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <p>
        <Badge tone={RATING_TONES[feedback.rating]}>{feedbackRatingName(feedback.rating)}</Badge>{' '}
        <span className="text-xs text-muted">
          {feedback.fulfilled ? t('orders.feedbackText.fulfilled') : t('orders.feedbackText.notFulfilled')} ·{' '}
          {formatDate(feedback.date_created, locale)}
        </span>
      </p>
      {feedback.message ? <p className="text-ink">“{feedback.message}”</p> : null}
      {feedback.reply ? (
        <p className="border-l-2 border-line pl-2 text-muted">
          {t('orders.feedbackText.reply', { reply: feedback.reply })}
        </p>
      ) : null}
    </div>
  );
}
