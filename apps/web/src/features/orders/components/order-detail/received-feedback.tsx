import { FEEDBACK_MESSAGE_MAX, type Feedback } from '@mostrador/contracts';
import { useState } from 'react';
import { formatDate } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { useReplyFeedback } from '../../api/reply-feedback.ts';
import { replyWindow } from '../../model/status-history.ts';
import { FeedbackText } from './feedback-text.tsx';

/** Feedback the other side gave, and the reply to it while the 14 days to reply last (when the account may reply). */
export function ReceivedFeedback({
  feedback,
  locale,
  canReply = true,
}: {
  feedback: Feedback;
  locale: string;
  canReply?: boolean;
}) {
  const t = useT();
  const [now] = useState(() => Date.now());
  const window = replyWindow(feedback.date_created, now);
  const reply = useReplyFeedback();
  const announce = useAnnounce();
  const [text, setText] = useState('');
  const deadline = formatDate(window.deadline.toISOString(), locale, { style: 'date' });
  return (
    <div className="flex flex-col gap-2">
      <FeedbackText feedback={feedback} locale={locale} />
      {feedback.reply || !canReply ? null : window.open ? (
        <form
          className="flex flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            reply.mutate(
              { feedbackId: feedback.id, reply: text.trim() },
              { onSuccess: () => announce(translate('orders.receivedFeedback.replySent')) },
            );
          }}
        >
          <label className="text-xs text-muted" htmlFor={`reply-${feedback.id}`}>
            {t('orders.receivedFeedback.replyUntilDaysLeft', { deadline, daysLeft: window.daysLeft })}
          </label>
          <textarea
            id={`reply-${feedback.id}`}
            maxLength={FEEDBACK_MESSAGE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={2}
            className="rounded-md border border-line-strong bg-surface px-2 py-1.5 text-body"
          />
          {reply.error ? (
            <p role="alert" className="text-xs text-danger">
              {errorText(reply.error)}
            </p>
          ) : null}
          <Button
            type="submit"
            size="sm"
            pending={reply.isPending}
            disabled={!text.trim()}
            className="self-start"
          >
            {t('orders.receivedFeedback.reply')}
          </Button>
        </form>
      ) : (
        <p className="text-xs text-muted">{t('orders.receivedFeedback.the14DaysTo', { deadline })}</p>
      )}
    </div>
  );
}
