import type { TodayEntry, TodayQueueId } from '@mostrador/contracts';
import type { MessageId } from '../../../lib/i18n/i18n.ts';

/** How each queue is named, said when it is empty, and what colour its count takes when it has orders. */
export const QUEUE_TEXTS: Record<
  TodayQueueId,
  { title: MessageId; empty: MessageId; tone: 'neutral' | 'warning' | 'danger' }
> = {
  to_ship: { title: 'sellerDay.queue.toShip', empty: 'sellerDay.queue.toShipEmpty', tone: 'neutral' },
  fraud_alerts: {
    title: 'sellerDay.queue.fraudAlerts',
    empty: 'sellerDay.queue.fraudAlertsEmpty',
    tone: 'danger',
  },
  replies_due: {
    title: 'sellerDay.queue.repliesDue',
    empty: 'sellerDay.queue.repliesDueEmpty',
    tone: 'warning',
  },
  unrated_sales: {
    title: 'sellerDay.queue.unratedSales',
    empty: 'sellerDay.queue.unratedSalesEmpty',
    tone: 'neutral',
  },
  open_mediations: {
    title: 'sellerDay.queue.openMediations',
    empty: 'sellerDay.queue.openMediationsEmpty',
    tone: 'warning',
  },
  deliveries_at_risk: {
    title: 'sellerDay.queue.deliveriesAtRisk',
    empty: 'sellerDay.queue.deliveriesAtRiskEmpty',
    tone: 'warning',
  },
};

/** What makes an entry urgent, as one message and its values; null where the order's date says it all. */
export function entryUrgency(
  queue: TodayQueueId,
  entry: TodayEntry,
): { id: MessageId; values?: Record<string, unknown>; pressing: boolean } | null {
  switch (queue) {
    case 'to_ship':
      return entry.shipment_state === 'label_printed'
        ? { id: 'sellerDay.entry.labelPrinted', pressing: false }
        : entry.shipment_state === 'label_not_printed'
          ? { id: 'sellerDay.entry.labelNotPrinted', pressing: false }
          : null;
    case 'fraud_alerts':
      return { id: 'sellerDay.entry.doNotShip', pressing: true };
    case 'replies_due':
      return entry.reply_days_left === null
        ? null
        : {
            id: 'sellerDay.entry.daysLeftToReply',
            values: { days: entry.reply_days_left },
            pressing: entry.reply_days_left <= 2,
          };
    case 'open_mediations':
      return entry.mediation_stage === 'dispute'
        ? { id: 'sellerDay.entry.dispute', pressing: true }
        : { id: 'sellerDay.entry.claim', pressing: false };
    case 'deliveries_at_risk':
      return entry.missing_evidence === 'delivery'
        ? { id: 'sellerDay.entry.notDeliveredYet', pressing: false }
        : { id: 'sellerDay.entry.noProofOfDelivery', pressing: true };
    default:
      return null;
  }
}
