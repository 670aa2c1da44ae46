import type { BlockedBuyersView, BlockedUser } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Button } from '../../../../ui/button.tsx';
import { DataTable, type DataTableColumn } from '../../../../ui/data-table.tsx';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import { BlockedIcon } from '../../../../ui/icons.tsx';
import { UnlockIcon } from '../../../../ui/workspace-icons.tsx';
import { blockNotesQueryOptions } from '../../api/get-block-notes.ts';
import { LIST_LABELS, REASON_LABELS } from '../block-labels.ts';
import { BuyerName } from '../buyer-name.tsx';

/** One page of a blocklist: who, since when, the reason and note kept for the team, and the way to unblock. */
export function BlocklistTable({
  sellerId,
  view,
  rows,
  loading,
  locale,
  onUnblock,
  onClearBuyer,
}: {
  /** The account whose blocklist and notes these are. */
  sellerId: number;
  view: BlockedBuyersView;
  rows: readonly BlockedUser[];
  loading: boolean;
  locale: string;
  onUnblock: (row: BlockedUser) => void;
  onClearBuyer: () => void;
}) {
  const t = useT();
  const notes = useQuery(
    blockNotesQueryOptions(
      sellerId,
      view.list,
      rows.map((row) => row.id),
    ),
  );
  const columns: DataTableColumn<BlockedUser>[] = [
    {
      id: 'buyer',
      header: translate('blocklists.blocklistTable.buyer2'),
      cell: (row) => <BuyerName id={row.id} />,
      className: 'sm:w-64',
      card: 'title',
    },
    {
      id: 'since',
      header: translate('blocklists.blocklistTable.blockedSince'),
      cell: (row) => (
        <time dateTime={row.blocked_at} className="whitespace-nowrap text-muted tabular">
          {formatDate(row.blocked_at, locale)}
        </time>
      ),
      className: 'w-48',
    },
    {
      id: 'reason',
      header: translate('blocklists.blocklistTable.reason'),
      cell: (row) => {
        const note = notes.data?.get(row.id);
        return note ? (
          <Badge tone={note.reason === 'fraud_suspicion' ? 'danger' : 'neutral'}>
            {REASON_LABELS[note.reason]}
          </Badge>
        ) : (
          <span className="text-faint">{t('blocklists.blocklistTable.notRecorded')}</span>
        );
      },
      className: 'sm:w-44',
    },
    {
      id: 'note',
      header: translate('blocklists.blocklistTable.note'),
      cell: (row) => {
        const note = notes.data?.get(row.id);
        if (!note?.note) return <span className="text-faint">—</span>;
        return (
          <div className="max-w-md">
            <span className="line-clamp-2 text-body leading-5 text-muted" title={note.note}>
              {note.note}
            </span>
            <span className="text-xs text-faint">
              {translate('blocklists.blocklistTable.noteBy', { nickname: note.updated_by.nickname })}
            </span>
          </div>
        );
      },
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('blocklists.blocklistTable.actions')}</span>,
      align: 'end',
      className: 'whitespace-nowrap sm:w-32',
      card: 'actions',
      cell: (row) => (
        <Button size="sm" variant="ghost" icon={<UnlockIcon />} onClick={() => onUnblock(row)}>
          <span>
            <T
              id="blocklists.blocklistTable.unblockBuyer"
              values={{ id: row.id }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </span>
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={
        view.buyer
          ? translate('blocklists.blocklistTable.captionOfBuyer', {
              list: LIST_LABELS[view.list].tab,
              id: view.buyer,
            })
          : LIST_LABELS[view.list].tab
      }
      captionHidden
      // On a phone, cards: the buyer and the way to unblock on top, the date, reason and note below.
      cardsOnPhone
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.id}
      loading={loading}
      skeletonRows={4}
      empty={
        <EmptyState
          icon={<BlockedIcon />}
          title={
            view.buyer
              ? t('blocklists.blocklistTable.thisBuyerIsNot')
              : t('blocklists.blocklistTable.nobodyIsBlockedHere')
          }
          description={
            view.buyer
              ? translate('blocklists.blocklistTable.buyerIsNot', { buyer: view.buyer, list: view.list })
              : translate('blocklists.blocklistTable.buyersYouBlockFrom', { list: view.list })
          }
          action={
            view.buyer ? (
              <Button onClick={onClearBuyer}>{t('blocklists.blocklistTable.clearFilter')}</Button>
            ) : undefined
          }
        />
      }
    />
  );
}
