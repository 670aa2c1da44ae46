import type { OrderSearchResult } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { sellerProceedsQueryOptions } from '../../api/read-seller-proceeds.ts';

/** What the seller receives from a listed order, read when the column is shown (decision 0280). */
export function ProceedsCell({ order, locale }: { order: OrderSearchResult; locale: string }) {
  const proceeds = useQuery(sellerProceedsQueryOptions(order));
  if (proceeds.data) {
    return (
      <span data-testid="proceeds-cell">
        {formatMoney(proceeds.data.receives, order.order_items[0]?.currency_id ?? order.currency_id, locale)}
      </span>
    );
  }
  if (proceeds.error) {
    return (
      <span className="text-faint" title={errorText(proceeds.error)}>
        —
      </span>
    );
  }
  return <Skeleton className="ml-auto h-4 w-16" />;
}
