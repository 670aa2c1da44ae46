import type { PersonalDataAccess } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { accessedResourceName, personalDataFieldName } from '../../../lib/i18n/code-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { ACCESS_LOG_PAGE, accessLogQueryOptions } from '../api/get-access-log.ts';

/** Every read of someone's personal data under the account: when, by whom, whose, which fields and where. */
export function AccessLog({
  sellerId,
  locale,
  offset,
  onOffsetChange,
}: {
  sellerId: number;
  locale: string;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const t = useT();
  const log = useQuery(accessLogQueryOptions(sellerId, offset));
  const headingId = useId();
  const columns: DataTableColumn<PersonalDataAccess>[] = [
    {
      id: 'when',
      header: translate('team.accessLog.when'),
      className: 'w-44',
      card: 'title',
      cell: (row) => (
        <span className="whitespace-nowrap tabular text-muted">{formatDate(row.accessed_at, locale)}</span>
      ),
    },
    {
      id: 'who',
      header: translate('team.accessLog.readBy'),
      cell: (row) =>
        row.operator ? (
          <span>
            {row.operator.nickname ?? translate('team.accessLog.user', { id: row.operator.id })}{' '}
            <Badge tone="info">{t('team.accessLog.team')}</Badge>
          </span>
        ) : (
          <span className="text-muted">{t('team.accessLog.yourAccount')}</span>
        ),
    },
    {
      id: 'subject',
      header: translate('team.accessLog.whoseData'),
      cell: (row) => (
        <span>
          {row.subject.id === sellerId
            ? t('team.accessLog.yourOwn')
            : (row.subject.nickname ?? t('team.accessLog.erasedUser'))}
          <span className="ml-1.5 text-xs whitespace-nowrap text-faint tabular">#{row.subject.id}</span>
        </span>
      ),
    },
    {
      id: 'fields',
      header: translate('team.accessLog.data'),
      cell: (row) => <span className="text-muted">{row.fields.map(personalDataFieldName).join(', ')}</span>,
    },
    {
      id: 'resource',
      header: translate('team.accessLog.where'),
      cell: (row) => <span className="text-muted">{accessedResourceName(row.resource)}</span>,
    },
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div>
        <h2 id={headingId} className="text-sm font-semibold text-ink">
          {t('team.accessLog.personalDataAccessLog')}
        </h2>
        <p className="text-body text-muted">{t('team.accessLog.everyReadOfSomeone')}</p>
      </div>
      <QueryState
        query={log}
        pending="children"
        error={{ title: translate('team.accessLog.theAccessLogCould') }}
      >
        {(data) => (
          <>
            <DataTable
              caption={t('team.accessLog.personalDataAccessLog')}
              captionHidden
              cardsOnPhone
              columns={columns}
              rows={data?.results ?? []}
              getRowKey={(row) =>
                `${row.accessed_at}|${row.subject.id}|${row.operator?.id ?? 0}|${row.resource}`
              }
              loading={data === undefined}
              skeletonRows={5}
              empty={
                <EmptyState
                  title={t('team.accessLog.noReadsYet')}
                  description={t('team.accessLog.readsOfPersonalData')}
                />
              }
            />
            {data ? (
              <Pagination
                offset={offset}
                limit={ACCESS_LOG_PAGE}
                total={data.paging.total}
                onChange={onOffsetChange}
                noun="reads"
              />
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
