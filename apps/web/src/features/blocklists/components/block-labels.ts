import type { BlockList, BlockReason } from '@mostrador/contracts';

export const LIST_LABELS: Record<BlockList, { tab: string; effect: string; verb: string }> = {
  order: {
    tab: 'Blocked from buying',
    effect: 'cannot buy your items',
    verb: 'buying',
  },
  questions: {
    tab: 'Blocked from asking',
    effect: 'cannot ask questions on your items',
    verb: 'asking questions',
  },
};

/** What each list stops the buyer from doing, as the choice reads in the block dialog. */
export const LIST_CHOICES: Record<BlockList, string> = {
  order: 'Buying on my items',
  questions: 'Asking questions on my items',
};

export const REASON_LABELS: Record<BlockReason, string> = {
  non_payment: 'Did not pay',
  abusive_messages: 'Abusive messages',
  fraud_suspicion: 'Suspected fraud',
  repeated_cancellations: 'Repeated cancellations',
  other: 'Other',
};
