import type { BuyerReputation as BuyerReputationData } from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../lib/i18n/use-t.tsx';
import { buyerSummary } from '../model/reputation.ts';
import { ACCENT, NEGATIVE, NEUTRAL } from './reputation-tones.ts';
import { StackedBar } from './stacked-bar.tsx';

/** The account's purchases: how they ended and how they were rated. */
export function BuyerReputation({ reputation }: { reputation: BuyerReputationData }) {
  const t = useT();
  const summary = buyerSummary(reputation);
  if (!summary.hasHistory)
    return <p className="text-body text-faint">{t('account.buyerReputation.noPurchasesYet')}</p>;
  const other = Math.max(0, summary.total - summary.completed - summary.canceled);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-body text-muted">
        <T
          id="account.buyerReputation.purchases"
          values={{ count: summary.total }}
          components={{ 0: <span className="font-medium text-ink tabular" /> }}
        />
      </p>
      <StackedBar
        label={t('account.buyerReputation.purchases')}
        parts={[
          {
            key: 'completed',
            label: translate('account.buyerReputation.completed'),
            value: summary.completed,
            ...ACCENT,
          },
          {
            key: 'canceled',
            label: translate('account.buyerReputation.canceled'),
            value: summary.canceled,
            ...NEGATIVE,
          },
          { key: 'open', label: translate('account.buyerReputation.inProgress'), value: other, ...NEUTRAL },
        ]}
      />
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-body">
        <dt className="text-muted">{t('account.buyerReputation.canceledAfterPaying')}</dt>
        <dd className="text-ink tabular">{summary.canceledPaid}</dd>
        <dt className="text-muted">{t('account.buyerReputation.notRated')}</dt>
        <dd className="text-ink tabular">{summary.unrated}</dd>
        <dt className="text-muted">{t('account.buyerReputation.waitingToBeRated')}</dt>
        <dd className="text-ink tabular">{summary.notYetRated}</dd>
      </dl>
    </div>
  );
}
