import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import type { ResolvedBuyer } from '../../api/resolve-buyer.ts';

/** What a buyer search found when it was not one buyer: none (said, with nothing else shown) or several to choose. */
export function BuyerMatches({
  text,
  buyers,
  onChoose,
}: {
  text: string;
  buyers: readonly ResolvedBuyer[];
  onChoose: (buyerId: number) => void;
}) {
  const t = useT();
  if (buyers.length === 0) {
    return (
      <div role="status">
        <EmptyState
          title={t('blocklists.buyerMatches.none', { text })}
          description={t('blocklists.buyerMatches.noneHint')}
        />
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-body text-muted">
        {t('blocklists.buyerMatches.several', { count: buyers.length, text })}
      </p>
      <ul className="flex flex-wrap gap-2">
        {buyers.map((buyer) => (
          <li key={buyer.id}>
            <Button size="sm" onClick={() => onChoose(buyer.id)}>
              {buyer.nickname}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
