import type { BlockList } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Card } from '../../../../ui/card.tsx';
import { Pagination } from '../../../../ui/pagination.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { HistoryIcon } from '../../../../ui/workspace-icons.tsx';
import { AUDIT_PAGE_SIZE, blockAuditQueryOptions } from '../../api/get-block-audit.ts';
import { LIST_LABELS } from '../block-labels.ts';
import { BuyerName } from '../buyer-name.tsx';

/** Who blocked or unblocked whom on this list and when, as the BFF recorded it. */
export function BlockAuditTrail({
  list,
  offset,
  locale,
  onOffsetChange,
}: {
  list: BlockList;
  offset: number;
  locale: string;
  onOffsetChange: (offset: number) => void;
}) {
  const t = useT();
  const audit = useQuery(blockAuditQueryOptions(list, offset));
  return (
    <section aria-labelledby="audit-heading" className="min-w-0">
      <h2 id="audit-heading" className="flex h-9 items-center gap-2 text-body font-semibold text-ink">
        <HistoryIcon className="size-4 text-faint" />
        {t('blocklists.blockAuditTrail.activity')}
        <span className="font-normal text-muted">· {LIST_LABELS[list].tab}</span>
      </h2>
      <Card surface="sunken" className="mt-4 text-body">
        <QueryState
          query={audit}
          compact
          loading={
            <div
              className="flex flex-col gap-3 p-3"
              role="status"
              aria-label={t('blocklists.blockAuditTrail.loadingActivity')}
            >
              <Skeleton className="h-3.5 w-3/4" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          }
          error={{ title: translate('blocklists.blockAuditTrail.theActivityCouldNot'), className: 'p-3' }}
          isEmpty={(data) => data.entries.length === 0}
          empty={{
            title: translate('blocklists.blockAuditTrail.noBlocksOrUnblocks'),
            className: 'p-3',
          }}
        >
          {(data) => (
            <ol
              className="divide-y divide-line"
              aria-label={t('blocklists.blockAuditTrail.blocksAndUnblocksNewest')}
            >
              {data.entries.map((entry) => (
                <li key={entry.id} className="flex flex-col gap-1 px-3 py-2.5">
                  <div className="flex items-center justify-between gap-2">
                    <BuyerName id={entry.buyer_id} />
                    <Badge tone={entry.action === 'blocked' ? 'danger' : 'success'}>
                      {entry.action === 'blocked'
                        ? t('blocklists.blockAuditTrail.blocked')
                        : t('blocklists.blockAuditTrail.unblocked')}
                    </Badge>
                  </div>
                  <p className="text-xs text-muted">
                    <T
                      id="blocklists.blockAuditTrail.by"
                      values={{ nickname: entry.actor.nickname }}
                      components={{ 0: <span className="text-ink" /> }}
                    />{' '}
                    · <time dateTime={entry.at}>{formatDate(entry.at, locale)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </Card>
      {audit.data ? (
        <Pagination
          offset={offset}
          limit={AUDIT_PAGE_SIZE}
          total={audit.data.paging.total}
          noun="events"
          onChange={onOffsetChange}
        />
      ) : null}
    </section>
  );
}
