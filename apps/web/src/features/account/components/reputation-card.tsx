import type {
  BuyerReputation as BuyerReputationData,
  PartialUserPrivate,
  SellerReputation as SellerReputationData,
} from '@mostrador/contracts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Card } from '../../../ui/card.tsx';
import { BuyerReputation } from './buyer-reputation.tsx';
import { SellerReputation } from './seller-reputation.tsx';

/** Seller and buyer reputation: the thermometer, transactions and ratings as stacked bars with their numbers. */
export function ReputationCard({ me }: { me: PartialUserPrivate }) {
  const t = useT();
  const seller =
    'transactions' in me.seller_reputation ? (me.seller_reputation as SellerReputationData) : null;
  const buyer = 'transactions' in me.buyer_reputation ? (me.buyer_reputation as BuyerReputationData) : null;
  const missing = (
    <p className="text-body text-muted">{t('account.reputationCard.theMarketplaceCouldNot')}</p>
  );
  return (
    <Card
      title={t('account.reputationCard.reputation')}
      className="shadow-xs"
      bodyClassName="grid divide-line md:grid-cols-2 md:divide-x"
    >
      <div className="flex flex-col gap-4 p-4" data-testid="seller-reputation">
        <h3 className="text-body font-semibold text-ink">{t('account.reputationCard.asASeller')}</h3>
        {seller ? <SellerReputation reputation={seller} /> : missing}
      </div>
      <div
        className="flex flex-col gap-4 border-t border-line p-4 md:border-t-0"
        data-testid="buyer-reputation"
      >
        <h3 className="text-body font-semibold text-ink">{t('account.reputationCard.asABuyer')}</h3>
        {buyer ? <BuyerReputation reputation={buyer} /> : missing}
      </div>
    </Card>
  );
}
