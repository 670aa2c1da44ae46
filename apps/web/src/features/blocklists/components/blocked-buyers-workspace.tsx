import { BLOCK_LISTS, type BlockedBuyersView, type BlockedUser, type BlockList } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDate, localeForSite } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { BlockedIcon } from '../../../ui/icons.tsx';
import { Input } from '../../../ui/input.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { Toast } from '../../../ui/toast.tsx';
import { PlusIcon, SearchIcon, UnlockIcon } from '../../../ui/workspace-icons.tsx';
import { useBlockBuyer } from '../api/block-buyer.ts';
import { blockNotesQueryOptions } from '../api/get-block-notes.ts';
import { buyerQueryOptions } from '../api/get-buyer.ts';
import { resolveBuyer } from '../api/resolve-buyer.ts';
import {
  BLOCK_PAGE_SIZE,
  blockCountQueryOptions,
  blockedBuyersQueryOptions,
} from '../api/search-blocked-buyers.ts';
import { useUnblockBuyer } from '../api/unblock-buyer.ts';
import { BlockAuditTrail } from './block-audit-trail.tsx';
import { BlockBuyerDialog } from './block-buyer-dialog.tsx';
import { LIST_LABELS, REASON_LABELS } from './block-labels.ts';
import { BuyerName } from './buyer-name.tsx';

export interface SellerAccount {
  id: number;
  nickname: string;
  siteId: string | null;
  /** The signed-in user, when it works on the seller's account as a team member. */
  callerId?: number;
}

export interface BlockedBuyersWorkspaceProps {
  seller: SellerAccount;
  view: BlockedBuyersView;
  /** Changes the URL: every filter and page lives there. */
  onViewChange: (next: Partial<BlockedBuyersView>) => void;
}

interface UndoState {
  buyerId: number;
  nickname: string;
  list: BlockList;
}

/** Both blocklists of the signed-in seller, with search, paging, notes, the audit trail, block and unblock. */
export function BlockedBuyersWorkspace({ seller, view, onViewChange }: BlockedBuyersWorkspaceProps) {
  const announce = useAnnounce();
  const locale = localeForSite(seller.siteId ?? '');
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<BlockedUser | null>(null);
  const [undo, setUndo] = useState<UndoState | null>(null);
  const unblock = useUnblockBuyer();
  const reblock = useBlockBuyer();

  const search = useQuery(
    blockedBuyersQueryOptions({
      sellerId: seller.id,
      ...(seller.callerId ? { callerId: seller.callerId } : {}),
      list: view.list,
      offset: view.offset,
      ...(view.buyer ? { buyerId: view.buyer } : {}),
    }),
  );
  const counts = {
    order: useQuery(blockCountQueryOptions(seller.id, 'order', seller.callerId)).data,
    questions: useQuery(blockCountQueryOptions(seller.id, 'questions', seller.callerId)).data,
  };
  const rows = search.data?.users ?? [];
  const notes = useQuery(
    blockNotesQueryOptions(
      view.list,
      rows.map((row) => row.id),
    ),
  );
  const confirmingBuyer = useQuery({
    ...buyerQueryOptions(confirming?.id ?? 0),
    enabled: confirming !== null,
  });

  const confirmUnblock = () => {
    if (!confirming) return;
    const target = { sellerId: seller.id, buyerId: confirming.id, list: view.list };
    const nickname = confirmingBuyer.data?.nickname ?? `#${confirming.id}`;
    unblock.mutate(target, {
      onSuccess: () => {
        setConfirming(null);
        setUndo({ buyerId: target.buyerId, nickname, list: target.list });
        announce(`${nickname} unblocked. Undo is available for a few seconds.`);
      },
    });
  };

  const undoUnblock = () => {
    if (!undo) return;
    reblock.mutate(
      { sellerId: seller.id, buyerId: undo.buyerId, list: undo.list },
      {
        onSuccess: () => {
          announce(`${undo.nickname} is blocked again.`);
          setUndo(null);
        },
      },
    );
  };

  const columns: DataTableColumn<BlockedUser>[] = [
    { id: 'buyer', header: 'Buyer', cell: (row) => <BuyerName id={row.id} />, className: 'w-64' },
    {
      id: 'since',
      header: 'Blocked since',
      cell: (row) => (
        <time dateTime={row.blocked_at} className="whitespace-nowrap text-muted tabular">
          {formatDate(row.blocked_at, locale)}
        </time>
      ),
      className: 'w-48',
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (row) => {
        const note = notes.data?.get(row.id);
        return note ? (
          <Badge tone={note.reason === 'fraud_suspicion' ? 'danger' : 'neutral'}>
            {REASON_LABELS[note.reason]}
          </Badge>
        ) : (
          <span className="text-faint">Not recorded</span>
        );
      },
      className: 'w-44',
    },
    {
      id: 'note',
      header: 'Note',
      cell: (row) => {
        const note = notes.data?.get(row.id);
        if (!note?.note) return <span className="text-faint">—</span>;
        return (
          <span className="line-clamp-2 max-w-md text-body leading-5 text-muted" title={note.note}>
            {note.note}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      className: 'w-32 whitespace-nowrap',
      cell: (row) => (
        <Button size="sm" variant="ghost" icon={<UnlockIcon />} onClick={() => setConfirming(row)}>
          Unblock<span className="sr-only"> buyer {row.id}</span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Blocked buyers"
        description={`Buyers who cannot buy from ${seller.nickname} or ask questions on its items. The marketplace enforces each block; reasons and notes are kept here.`}
        actions={
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            Block a buyer
          </Button>
        }
      />
      <div className="grid gap-6 px-6 py-5 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs
          label="Blocklists"
          selected={view.list}
          onSelect={(list) => onViewChange({ list, offset: 0, audit: 0 })}
          tabs={BLOCK_LISTS.map((list) => ({
            id: list,
            label: LIST_LABELS[list].tab,
            ...(counts[list] !== undefined ? { count: counts[list] } : {}),
          }))}
        >
          <BuyerFilter
            key={view.buyer ?? 'none'}
            initial={view.buyer ? String(view.buyer) : ''}
            seller={seller}
            onApply={(buyer) => onViewChange({ buyer, offset: 0 })}
          />
          {search.isError ? (
            <ErrorState
              title="The blocklist could not be loaded"
              onRetry={() => search.refetch()}
              retrying={search.isFetching}
            />
          ) : (
            <>
              <DataTable
                caption={`${LIST_LABELS[view.list].tab}${view.buyer ? `, buyer ${view.buyer}` : ''}`}
                captionHidden
                columns={columns}
                rows={rows}
                getRowKey={(row) => row.id}
                loading={search.isPending}
                skeletonRows={4}
                empty={
                  <EmptyState
                    icon={<BlockedIcon />}
                    title={view.buyer ? 'This buyer is not on this list' : 'Nobody is blocked here'}
                    description={
                      view.buyer
                        ? `Buyer ${view.buyer} is not ${LIST_LABELS[view.list].tab.toLowerCase()}.`
                        : `Buyers you block from ${LIST_LABELS[view.list].verb} show up here.`
                    }
                    action={
                      view.buyer ? (
                        <Button onClick={() => onViewChange({ buyer: undefined, offset: 0 })}>
                          Clear filter
                        </Button>
                      ) : undefined
                    }
                  />
                }
              />
              {search.data ? (
                <Pagination
                  offset={search.data.paging.offset}
                  limit={BLOCK_PAGE_SIZE}
                  total={search.data.paging.total}
                  noun="blocked buyers"
                  onChange={(offset) => onViewChange({ offset })}
                />
              ) : null}
            </>
          )}
        </Tabs>
        <BlockAuditTrail
          list={view.list}
          offset={view.audit}
          locale={locale}
          onOffsetChange={(audit) => onViewChange({ audit })}
        />
      </div>

      <BlockBuyerDialog
        open={adding}
        onClose={() => setAdding(false)}
        seller={seller}
        defaultList={view.list}
        onBlocked={(buyer, list) => {
          setAdding(false);
          announce(`${buyer.nickname} blocked from ${LIST_LABELS[list].verb}.`);
          if (list !== view.list) onViewChange({ list, offset: 0, audit: 0 });
        }}
      />

      <Dialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          unblock.reset();
        }}
        title={`Unblock ${confirmingBuyer.data?.nickname ?? `buyer ${confirming?.id ?? ''}`}?`}
        description={`They will be able to ${view.list === 'order' ? 'buy your items' : 'ask questions on your items'} again. The block stays in the activity trail, and you can undo for a few seconds.`}
        footer={
          <>
            <Button onClick={() => setConfirming(null)}>Cancel</Button>
            <Button variant="danger" pending={unblock.isPending} onClick={confirmUnblock}>
              Unblock
            </Button>
          </>
        }
      >
        {unblock.isError ? (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-body text-danger-soft-ink">
            The buyer could not be unblocked. Try again.
          </p>
        ) : null}
      </Dialog>

      {undo ? (
        <Toast
          key={`${undo.list}-${undo.buyerId}`}
          message={
            <>
              <span className="font-medium">{undo.nickname}</span> unblocked from{' '}
              {LIST_LABELS[undo.list].verb}.
            </>
          }
          action={{ label: 'Undo', onAction: undoUnblock, pending: reblock.isPending }}
          onDismiss={() => setUndo(null)}
        />
      ) : null}
    </>
  );
}

function BuyerFilter({
  initial,
  seller,
  onApply,
}: {
  initial: string;
  seller: SellerAccount;
  onApply: (buyer: number | undefined) => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!text.trim()) {
      onApply(undefined);
      return;
    }
    setPending(true);
    try {
      const found = await resolveBuyer(text, seller);
      if (typeof found === 'string') setError('No buyer with that id or nickname.');
      else onApply(found.id);
    } catch {
      setError('The buyer could not be looked up. Try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <search>
      <form onSubmit={submit} className="mb-3 flex flex-wrap items-start gap-2" noValidate>
        <div className="flex min-w-64 flex-col gap-1">
          <label htmlFor="block-filter" className="sr-only">
            Find a blocked buyer by id or nickname
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint" />
            <Input
              id="block-filter"
              className="w-72 pl-8"
              placeholder="Find by buyer id or nickname"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'block-filter-error' : undefined}
            />
          </div>
          {error ? (
            <p id="block-filter-error" className="text-xs text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" pending={pending}>
          Find
        </Button>
        {initial ? (
          <Button variant="ghost" onClick={() => onApply(undefined)}>
            Clear
          </Button>
        ) : null}
      </form>
    </search>
  );
}
