import { BLOCK_LISTS, type BlockedBuyersView, type BlockedUser } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { localeForSite } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { Pagination } from '../../../../ui/pagination.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Tabs } from '../../../../ui/tabs.tsx';
import { PlusIcon } from '../../../../ui/workspace-icons.tsx';
import type { ResolvedBuyer } from '../../api/resolve-buyer.ts';
import {
  BLOCK_PAGE_SIZE,
  blockCountQueryOptions,
  blockedBuyersQueryOptions,
} from '../../api/search-blocked-buyers.ts';
import { BlockBuyerDialog } from '../block-buyer/block-buyer-dialog.tsx';
import { LIST_LABELS } from '../block-labels.ts';
import { BlockAuditTrail } from './block-audit-trail.tsx';
import { BlocklistTable } from './blocklist-table.tsx';
import { BuyerFilter } from './buyer-filter.tsx';
import { BuyerMatches } from './buyer-matches.tsx';
import { UnblockDialog } from './unblock-dialog.tsx';
import { type Unblocked, UnblockUndoToast } from './unblock-undo-toast.tsx';

export interface SellerAccount {
  id: number;
  nickname: string;
  siteId: string | null;
  /** The signed-in user: the seller itself, or a team member working on its account. */
  callerId: number;
}

export interface BlockedBuyersWorkspaceProps {
  seller: SellerAccount;
  view: BlockedBuyersView;
  /** Changes the URL: every filter and page lives there. */
  onViewChange: (next: Partial<BlockedBuyersView>) => void;
}

/** Both blocklists of the signed-in seller, with search, paging, notes, the audit trail, block and unblock. */
export function BlockedBuyersWorkspace({ seller, view, onViewChange }: BlockedBuyersWorkspaceProps) {
  const t = useT();
  const announce = useAnnounce();
  const locale = localeForSite(seller.siteId ?? '');
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<BlockedUser | null>(null);
  const [unblocked, setUnblocked] = useState<Unblocked | null>(null);
  // A search that found no blocked buyer, or several: said in place of the list, never over the previous answer.
  const [found, setFound] = useState<{ text: string; buyers: ResolvedBuyer[] } | null>(null);
  const changeView = (next: Partial<BlockedBuyersView>) => {
    setFound(null);
    onViewChange(next);
  };

  const search = useQuery(
    blockedBuyersQueryOptions({
      sellerId: seller.id,
      callerId: seller.callerId,
      list: view.list,
      offset: view.offset,
      ...(view.buyer ? { buyerId: view.buyer } : {}),
    }),
  );
  const counts = {
    order: useQuery(blockCountQueryOptions(seller.id, 'order', seller.callerId)).data,
    questions: useQuery(blockCountQueryOptions(seller.id, 'questions', seller.callerId)).data,
  };

  return (
    <>
      <PageHeader
        title={t('blocklists.blockedBuyersWorkspace.blockedBuyers')}
        description={translate('blocklists.blockedBuyersWorkspace.buyersWhoCannotBuy', {
          nickname: seller.nickname,
        })}
        actions={
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            {t('blocklists.blockedBuyersWorkspace.blockABuyer')}
          </Button>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 px-4 py-5 sm:px-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs
          label={t('blocklists.blockedBuyersWorkspace.blocklists')}
          selected={view.list}
          onSelect={(list) => changeView({ list, offset: 0, audit: 0 })}
          tabs={BLOCK_LISTS.map((list) => ({
            id: list,
            label: LIST_LABELS[list].tab,
            ...(counts[list] !== undefined ? { count: counts[list] } : {}),
          }))}
        >
          <BuyerFilter
            key={view.buyer ?? 'none'}
            initial={found?.text ?? (view.buyer ? String(view.buyer) : '')}
            seller={seller}
            list={view.list}
            onApply={(buyer) => changeView({ buyer, offset: 0 })}
            onFound={(text, buyers) => {
              // The buyer searched before is no longer what the list shows.
              if (view.buyer) onViewChange({ buyer: undefined, offset: 0 });
              setFound({ text, buyers });
            }}
          />
          {found ? (
            <BuyerMatches
              text={found.text}
              buyers={found.buyers}
              onChoose={(buyer) => changeView({ buyer, offset: 0 })}
            />
          ) : (
            <QueryState
              query={search}
              pending="children"
              error={{
                title: translate('blocklists.blockedBuyersWorkspace.theBlocklistCouldNot'),
                description: translate('blocklists.blockedBuyersWorkspace.checkYourConnectionAnd'),
              }}
            >
              {(data) => (
                <>
                  <BlocklistTable
                    sellerId={seller.id}
                    view={view}
                    rows={data?.users ?? []}
                    loading={data === undefined}
                    locale={locale}
                    onUnblock={setConfirming}
                    onClearBuyer={() => changeView({ buyer: undefined, offset: 0 })}
                  />
                  {data ? (
                    <Pagination
                      offset={data.paging.offset}
                      limit={BLOCK_PAGE_SIZE}
                      total={data.paging.total}
                      noun="blockedBuyers"
                      onChange={(offset) => onViewChange({ offset })}
                    />
                  ) : null}
                </>
              )}
            </QueryState>
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
        onBlocked={(buyer, lists) => {
          setAdding(false);
          announce(
            lists.length > 1
              ? translate('blocklists.blockedBuyersWorkspace.blockedFromBoth', { nickname: buyer.nickname })
              : translate('blocklists.blockedBuyersWorkspace.blockedFrom', {
                  nickname: buyer.nickname,
                  list: lists[0]!,
                }),
          );
          // Blocked from the other list alone: that list is where the block shows.
          if (!lists.includes(view.list)) changeView({ list: lists[0]!, offset: 0, audit: 0 });
        }}
      />

      <UnblockDialog
        sellerId={seller.id}
        list={view.list}
        buyer={confirming}
        onClose={() => setConfirming(null)}
        onUnblocked={(done) => {
          setConfirming(null);
          // The toast is an alert: it says so itself.
          setUnblocked(done);
        }}
      />

      {unblocked ? (
        <UnblockUndoToast
          key={`${unblocked.list}-${unblocked.buyerId}`}
          sellerId={seller.id}
          unblocked={unblocked}
          onDone={() => setUnblocked(null)}
        />
      ) : null}
    </>
  );
}
