import type { Order, PartialOrder } from '@mostrador/contracts';
import {
  asLabel,
  cancelReasonName,
  feedbackRatingName,
  orderStatusDetailName,
  paymentStatusName,
  requesterName,
} from '../../../lib/i18n/code-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';

export interface HistoryEntry {
  date: string;
  label: string;
  detail?: string;
  tone: 'neutral' | 'success' | 'warning' | 'danger';
}

type HistorySource = Pick<
  Order,
  | 'date_created'
  | 'date_closed'
  | 'last_updated'
  | 'status'
  | 'status_detail'
  | 'cancel_detail'
  | 'payments'
  | 'tags'
> & { feedback: PartialOrder['feedback'] };

const ts = (iso: string) => Date.parse(iso);

/**
 * What the order itself tells of its history (there is no history endpoint): created, each payment, confirmed
 * (`date_closed`), feedback given, cancellation, and the current status at `last_updated`. Oldest first.
 */
export function statusHistory(order: HistorySource): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    { date: order.date_created, label: translate('orders.statusHistory.orderPlaced'), tone: 'neutral' },
  ];
  for (const payment of order.payments) {
    entries.push({
      date: payment.date_created,
      label: translate('orders.statusHistory.paymentCreated', { id: payment.id }),
      detail: asLabel(paymentStatusName(payment.status)),
      tone: 'neutral',
    });
    if (payment.date_last_modified !== payment.date_created) {
      entries.push({
        date: payment.date_last_modified,
        label: translate('orders.statusHistory.payment', {
          id: payment.id,
          value: paymentStatusName(payment.status),
        }),
        tone: payment.status === 'approved' ? 'success' : 'neutral',
      });
    }
  }
  if (order.date_closed) {
    entries.push({
      date: order.date_closed,
      label: translate('orders.statusHistory.orderConfirmed'),
      detail: translate('orders.statusHistory.stockWasReservedFor'),
      tone: 'success',
    });
  }
  for (const side of ['sale', 'purchase'] as const) {
    const feedback = (
      side in order.feedback ? order.feedback[side as keyof typeof order.feedback] : null
    ) as {
      date_created?: unknown;
      rating?: unknown;
    } | null;
    if (feedback && typeof feedback.date_created === 'string') {
      entries.push({
        date: feedback.date_created,
        label:
          side === 'sale'
            ? translate('orders.statusHistory.sellerGaveFeedback')
            : translate('orders.statusHistory.buyerGaveFeedback'),
        detail: typeof feedback.rating === 'string' ? feedbackRatingName(feedback.rating) : undefined,
        tone: 'neutral',
      });
    }
  }
  if (order.cancel_detail) {
    entries.push({
      date: order.cancel_detail.date,
      label: translate('orders.statusHistory.cancelledBy', {
        requested_by: requesterName(order.cancel_detail.requested_by),
      }),
      detail: cancelReasonName(order.cancel_detail),
      tone: 'danger',
    });
  }
  const latest = Math.max(...entries.map((entry) => ts(entry.date)));
  if (ts(order.last_updated) > latest || entries.length === 1) {
    entries.push({
      date: order.last_updated,
      label: translate('orders.statusHistory.status', { value: translate(`orderStatus.${order.status}`) }),
      detail: order.status_detail?.code ? orderStatusDetailName(order.status_detail.code) : undefined,
      tone: order.status === 'paid' ? 'success' : order.status.includes('cancel') ? 'danger' : 'neutral',
    });
  }
  if (order.tags.includes('fraud_risk_detected')) {
    entries.push({
      date: order.last_updated,
      label: translate('orders.statusHistory.fraudRiskDetected'),
      detail: translate('orders.statusHistory.doNotShip'),
      tone: 'danger',
    });
  }
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => ts(a.entry.date) - ts(b.entry.date) || a.index - b.index)
    .map(({ entry }) => entry);
}

export const FEEDBACK_REPLY_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** Until when feedback received can be replied to (14 days after it was given, that moment included). */
export function replyWindow(
  feedbackDate: string,
  now: number,
): { deadline: Date; open: boolean; daysLeft: number } {
  const deadline = ts(feedbackDate) + FEEDBACK_REPLY_WINDOW_MS;
  return {
    deadline: new Date(deadline),
    open: now <= deadline,
    daysLeft: Math.max(0, Math.ceil((deadline - now) / (24 * 60 * 60 * 1000))),
  };
}
