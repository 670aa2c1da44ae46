import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { buyerQueryOptions } from '../api/get-buyer.ts';

/** A buyer's nickname (from their public profile) with the id beside it; the id alone if the profile is not there. */
export function BuyerName({ id }: { id: number }) {
  const t = useT();
  const buyer = useQuery(buyerQueryOptions(id));
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <span className="truncate font-medium text-ink">
        {buyer.data?.nickname ?? (buyer.isPending ? '…' : t('blocklists.buyerName.unknownBuyer'))}
      </span>
      <span className="font-mono text-xs text-faint tabular max-sm:hidden">#{id}</span>
    </span>
  );
}
