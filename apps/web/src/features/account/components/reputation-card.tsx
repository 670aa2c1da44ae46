import type {
  BuyerReputation as BuyerReputationData,
  PartialUserPrivate,
  SellerReputation as SellerReputationData,
} from '@mostrador/contracts';
import { cx } from '../../../lib/class-names.ts';
import { Badge } from '../../../ui/badge.tsx';
import { buyerSummary, percentOf, ratingShares, SELLER_LEVELS, sellerLevel } from '../model/reputation.ts';
import { StackedBar } from './stacked-bar.tsx';

const LEVEL_FILLS = ['bg-red-500', 'bg-orange-500', 'bg-yellow-400', 'bg-lime-500', 'bg-green-600'];

const POSITIVE = {
  fill: 'fill-emerald-600 dark:fill-emerald-400',
  swatch: 'bg-emerald-600 dark:bg-emerald-400',
};
const NEUTRAL = { fill: 'fill-zinc-400 dark:fill-zinc-500', swatch: 'bg-zinc-400 dark:bg-zinc-500' };
const NEGATIVE = { fill: 'fill-red-600 dark:fill-red-400', swatch: 'bg-red-600 dark:bg-red-400' };
const ACCENT = { fill: 'fill-accent', swatch: 'bg-accent' };

/** Seller and buyer reputation: the thermometer, transactions and ratings as stacked bars with their numbers. */
export function ReputationCard({ me }: { me: PartialUserPrivate }) {
  const seller =
    'transactions' in me.seller_reputation ? (me.seller_reputation as SellerReputationData) : null;
  const buyer = 'transactions' in me.buyer_reputation ? (me.buyer_reputation as BuyerReputationData) : null;
  return (
    <section
      aria-labelledby="reputation-heading"
      className="rounded-lg border border-line bg-surface shadow-xs"
    >
      <h2 id="reputation-heading" className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">
        Reputation
      </h2>
      <div className="grid divide-line md:grid-cols-2 md:divide-x">
        <div className="flex flex-col gap-4 p-4" data-testid="seller-reputation">
          <h3 className="text-body font-semibold text-ink">As a seller</h3>
          {seller ? <SellerReputation reputation={seller} /> : <Missing />}
        </div>
        <div
          className="flex flex-col gap-4 border-t border-line p-4 md:border-t-0"
          data-testid="buyer-reputation"
        >
          <h3 className="text-body font-semibold text-ink">As a buyer</h3>
          {buyer ? <BuyerReputation reputation={buyer} /> : <Missing />}
        </div>
      </div>
    </section>
  );
}

function Missing() {
  return <p className="text-body text-muted">The marketplace could not load this part just now.</p>;
}

function SellerReputation({ reputation }: { reputation: SellerReputationData }) {
  const level = sellerLevel(reputation.level_id);
  const t = reputation.transactions;
  const shares = ratingShares(t.ratings);
  return (
    <>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-body">
          <span className="text-muted">Level</span>
          <span className="font-medium text-ink">
            {level.step ? `${level.step} of 5 · ${level.label}` : level.label}
          </span>
          {reputation.power_seller_status ? (
            <Badge tone="accent">Power seller {reputation.power_seller_status}</Badge>
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
          <span className="font-medium text-ink tabular">{t.total.toLocaleString('en-US')}</span> sales (
          {t.period === 'historic' ? 'all time' : t.period})
        </p>
        <StackedBar
          label="Sales"
          parts={[
            {
              key: 'completed',
              label: 'Completed',
              value: t.completed,
              detail: `${percentOf(t.completed, t.total)}%`,
              ...ACCENT,
            },
            {
              key: 'canceled',
              label: 'Canceled',
              value: t.canceled,
              detail: `${percentOf(t.canceled, t.total)}%`,
              ...NEGATIVE,
            },
          ]}
        />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-body text-muted">Ratings from buyers</p>
        {shares ? (
          <StackedBar
            label="Ratings"
            parts={shares.map((share) => ({
              key: share.kind,
              label:
                share.kind === 'positive' ? 'Positive' : share.kind === 'neutral' ? 'Neutral' : 'Negative',
              value: share.percent,
              valueText: `${share.percent}%`,
              ...(share.kind === 'positive' ? POSITIVE : share.kind === 'neutral' ? NEUTRAL : NEGATIVE),
            }))}
          />
        ) : (
          <p className="text-body text-faint">No ratings yet.</p>
        )}
      </div>
    </>
  );
}

function BuyerReputation({ reputation }: { reputation: BuyerReputationData }) {
  const summary = buyerSummary(reputation);
  if (!summary.hasHistory) return <p className="text-body text-faint">No purchases yet.</p>;
  const other = Math.max(0, summary.total - summary.completed - summary.canceled);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-body text-muted">
        <span className="font-medium text-ink tabular">{summary.total.toLocaleString('en-US')}</span>{' '}
        purchases
      </p>
      <StackedBar
        label="Purchases"
        parts={[
          { key: 'completed', label: 'Completed', value: summary.completed, ...ACCENT },
          { key: 'canceled', label: 'Canceled', value: summary.canceled, ...NEGATIVE },
          { key: 'open', label: 'In progress', value: other, ...NEUTRAL },
        ]}
      />
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-body">
        <dt className="text-muted">Canceled after paying</dt>
        <dd className="text-ink tabular">{summary.canceledPaid}</dd>
        <dt className="text-muted">Not rated</dt>
        <dd className="text-ink tabular">{summary.unrated}</dd>
        <dt className="text-muted">Waiting to be rated</dt>
        <dd className="text-ink tabular">{summary.notYetRated}</dd>
      </dl>
    </div>
  );
}
