import type { BlockList, BlockReason } from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';

export const LIST_LABELS: Record<BlockList, { tab: string; effect: string }> = {
  order: {
    get tab() {
      return translate('blocklists.blockLabels.blockedFromBuying');
    },
    get effect() {
      return translate('blocklists.blockLabels.effectOrder');
    },
  },
  questions: {
    get tab() {
      return translate('blocklists.blockLabels.blockedFromAsking');
    },
    get effect() {
      return translate('blocklists.blockLabels.effectQuestions');
    },
  },
};

/** What each list stops the buyer from doing, as the choice reads in the block dialog. */
export const LIST_CHOICES: Record<BlockList, string> = {
  get order() {
    return translate('blocklists.blockLabels.buyingOnMyItems');
  },
  get questions() {
    return translate('blocklists.blockLabels.askingQuestionsOnMy');
  },
};

export const REASON_LABELS: Record<BlockReason, string> = {
  get non_payment() {
    return translate('blocklists.blockLabels.didNotPay');
  },
  get abusive_messages() {
    return translate('blocklists.blockLabels.abusiveMessages');
  },
  get fraud_suspicion() {
    return translate('blocklists.blockLabels.suspectedFraud');
  },
  get repeated_cancellations() {
    return translate('blocklists.blockLabels.repeatedCancellations');
  },
  get other() {
    return translate('blocklists.blockLabels.other');
  },
};
