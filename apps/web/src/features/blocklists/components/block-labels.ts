import type { BlockList, BlockReason } from '@mostrador/contracts';
import { messagesByKey } from '../../../lib/i18n/i18n.ts';

export const LIST_LABELS: Record<BlockList, { tab: string; effect: string }> = {
  order: messagesByKey({
    tab: 'blocklists.blockLabels.blockedFromBuying',
    effect: 'blocklists.blockLabels.effectOrder',
  }),
  questions: messagesByKey({
    tab: 'blocklists.blockLabels.blockedFromAsking',
    effect: 'blocklists.blockLabels.effectQuestions',
  }),
};

/** What each list stops the buyer from doing, as the choice reads in the block dialog. */
export const LIST_CHOICES: Record<BlockList, string> = messagesByKey({
  order: 'blocklists.blockLabels.buyingOnMyItems',
  questions: 'blocklists.blockLabels.askingQuestionsOnMy',
});

export const REASON_LABELS: Record<BlockReason, string> = messagesByKey({
  non_payment: 'blocklists.blockLabels.didNotPay',
  abusive_messages: 'blocklists.blockLabels.abusiveMessages',
  fraud_suspicion: 'blocklists.blockLabels.suspectedFraud',
  repeated_cancellations: 'blocklists.blockLabels.repeatedCancellations',
  other: 'blocklists.blockLabels.other',
});
