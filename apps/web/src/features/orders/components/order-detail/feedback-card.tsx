import type { PartialOrder } from '@mostrador/contracts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { feedbackSides } from '../../model/feedback.ts';
import { FeedbackText } from './feedback-text.tsx';
import { GiveFeedbackForm } from './give-feedback-form.tsx';
import { ReceivedFeedback } from './received-feedback.tsx';

/** Both sides' feedback: the other side's (with the reply), and this side's or the form to give it. */
export function FeedbackCard({
  order,
  isSeller,
  locale,
  canReply,
  canGive,
}: {
  order: PartialOrder;
  isSeller: boolean;
  locale: string;
  canReply: boolean;
  canGive: boolean;
}) {
  const t = useT();
  const sides = feedbackSides(order, isSeller);
  if (!sides) {
    return (
      <Card title={t('orders.feedbackCard.feedback')}>
        <p className="text-muted">{t('orders.feedbackCard.feedbackIsNotAvailable')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('orders.feedbackCard.feedback')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted">
            {isSeller ? t('orders.feedbackCard.fromTheBuyer') : t('orders.feedbackCard.fromTheSeller')}
          </h3>
          {sides.theirs ? (
            <ReceivedFeedback feedback={sides.theirs} locale={locale} canReply={canReply} />
          ) : (
            <p className="text-muted">{t('orders.feedbackCard.notGivenYet')}</p>
          )}
        </div>
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted">{t('orders.feedbackCard.yours')}</h3>
          {sides.mine ? (
            <FeedbackText feedback={sides.mine} locale={locale} />
          ) : canGive ? (
            <GiveFeedbackForm
              orderId={order.id}
              isSeller={isSeller}
              fraud={order.tags.includes('fraud_risk_detected')}
            />
          ) : (
            <p className="text-muted">{t('orders.feedbackCard.notGivenYet')}</p>
          )}
        </div>
      </div>
    </Card>
  );
}
