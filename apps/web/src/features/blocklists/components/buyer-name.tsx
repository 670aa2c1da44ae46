import { useQuery } from '@tanstack/react-query';
import { buyerQueryOptions } from '../api/get-buyer.ts';

/** A buyer's nickname (from their public profile) with the id beside it; the id alone if the profile is not there. */
export function BuyerName({ id }: { id: number }) {
  const buyer = useQuery(buyerQueryOptions(id));
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <span className="truncate font-medium text-ink">
        {buyer.data?.nickname ?? (buyer.isPending ? '…' : 'Unknown buyer')}
      </span>
      <span className="font-mono text-xs text-faint tabular">#{id}</span>
    </span>
  );
}
