import { useQuery } from '@tanstack/react-query';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { cardClasses } from '../../../../ui/card.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { todayQueryOptions } from '../../api/get-today.ts';
import { useLiveRefresh } from '../../hooks/use-live-refresh.ts';
import { QueueCard } from './queue-card.tsx';

/** What the seller must do now: each queue with its count and its most urgent orders, kept current live. */
export function TodayWorkspace({ sellerId, locale }: { sellerId: number; locale: string }) {
  const t = useT();
  const today = useQuery(todayQueryOptions(sellerId));
  useLiveRefresh(sellerId, today.isFetching);
  return (
    <>
      <PageHeader title={t('sellerDay.today.today')} description={t('sellerDay.today.description')} />
      <div className="px-6 py-5">
        <QueryState
          query={today}
          error={{ title: translate('sellerDay.today.couldNotLoad') }}
          loading={
            <div aria-busy="true" className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {Array.from({ length: 6 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <div key={index} className={cardClasses('raised', 'flex flex-col gap-3 p-4')}>
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-3/4" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              ))}
            </div>
          }
        >
          {(data) => (
            <>
              {data.projection.state === 'filling' ? (
                <p role="status" className="mb-4 text-body text-muted">
                  {t('sellerDay.today.stillReading')}
                </p>
              ) : null}
              <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 2xl:grid-cols-3">
                {data.queues.map((queue) => (
                  <QueueCard
                    key={queue.id}
                    queue={queue}
                    locale={locale}
                    filling={data.projection.state === 'filling'}
                  />
                ))}
              </div>
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
