import type { SellerReputation as SellerReputationData } from '@mostrador/contracts';
import { cx } from '../../../lib/class-names.ts';
import { powerSellerStatusName } from '../../../lib/i18n/code-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { T } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { percentOf, ratingShares, SELLER_LEVELS, sellerLevel } from '../model/reputation.ts';
import { ACCENT, NEGATIVE, NEUTRAL, POSITIVE } from './reputation-tones.ts';
import { StackedBar } from './stacked-bar.tsx';

const LEVEL_FILLS = ['bg-red-500', 'bg-orange-500', 'bg-yellow-400', 'bg-lime-500', 'bg-green-600'];

/** The seller's thermometer level, its sales (completed and canceled) and its buyers' ratings. */
export function SellerReputation({ reputation }: { reputation: SellerReputationData }) {
  const level = sellerLevel(reputation.level_id);
  const t = reputation.transactions;
  const shares = ratingShares(t.ratings);
  return (
    <>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-body">
          <span className="text-muted">{translate('account.sellerReputation.level')}</span>
          <span className="font-medium text-ink">
            {level.step
              ? translate('account.sellerReputation.of5', { step: level.step, label: level.label })
              : level.label}
          </span>
          {reputation.power_seller_status ? (
            <Badge tone="accent">
              {translate('account.sellerReputation.powerSeller', {
                status: powerSellerStatusName(reputation.power_seller_status),
              })}
            </Badge>
          ) : null}
        </div>
        <div aria-hidden="true" className="grid grid-cols-5 gap-1">
          {SELLER_LEVELS.map((entry, index) => (
            <span
              key={entry.id}
              className={cx(
                'h-1.5 rounded-full',
                level.step === index + 1 ? LEVEL_FILLS[index] : 'bg-subtle',
              )}
            />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-body text-muted">
          <T
            id="account.sellerReputation.sales"
            values={{
              count: t.total,
              period:
                t.period === 'historic'
                  ? translate('account.sellerReputation.allTime')
                  : translate('account.sellerReputation.recentPeriod'),
            }}
            components={{ 0: <span className="font-medium text-ink tabular" /> }}
          />
        </p>
        {/* The reputation counts sales the order list no longer holds (decision 0162): said where both appear. */}
        <p className="text-caption text-faint">{translate('account.sellerReputation.retention')}</p>
        <StackedBar
          label={translate('account.sellerReputation.salesChart')}
          parts={[
            {
              key: 'completed',
              label: translate('account.sellerReputation.completed'),
              value: t.completed,
              detail: `${percentOf(t.completed, t.total)}%`,
              ...ACCENT,
            },
            {
              key: 'canceled',
              label: translate('account.sellerReputation.canceled'),
              value: t.canceled,
              detail: `${percentOf(t.canceled, t.total)}%`,
              ...NEGATIVE,
            },
          ]}
        />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-body text-muted">{translate('account.sellerReputation.ratingsFromBuyers')}</p>
        {shares ? (
          <StackedBar
            label={translate('account.sellerReputation.ratings')}
            parts={shares.map((share) => ({
              key: share.kind,
              label:
                share.kind === 'positive'
                  ? translate('account.sellerReputation.positive')
                  : share.kind === 'neutral'
                    ? translate('account.sellerReputation.neutral')
                    : translate('account.sellerReputation.negative'),
              value: share.percent,
              valueText: `${share.percent}%`,
              ...(share.kind === 'positive' ? POSITIVE : share.kind === 'neutral' ? NEUTRAL : NEGATIVE),
            }))}
          />
        ) : (
          <p className="text-body text-faint">{translate('account.sellerReputation.noRatingsYet')}</p>
        )}
      </div>
    </>
  );
}
