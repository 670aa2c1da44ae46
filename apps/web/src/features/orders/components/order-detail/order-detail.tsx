import type { PartialOrder } from '@mostrador/contracts';
import { type ReactNode, useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { useNeighbourKeys } from '../../hooks/use-neighbour-keys.ts';
import type { Neighbours } from '../../hooks/use-neighbours.ts';
import { isCancellable } from '../../model/order-actions.ts';
import { isParty, isSellerOf } from '../../model/order-parties.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { DeliveryOutcomePanel } from './delivery-outcome-panel.tsx';
import { DiscountsCard } from './discounts-card.tsx';
import { FeedbackCard } from './feedback-card.tsx';
import { FraudAlert } from './fraud-alert.tsx';
import { HistoryCard } from './history-card.tsx';
import { ItemsCard } from './items-card.tsx';
import { OrderActionsCard } from './order-actions-card.tsx';
import { OrderHeading } from './order-heading.tsx';
import { type NotesAccount, OrderNotesCard } from './order-notes-card.tsx';
import { OrderNotificationsCard } from './order-notifications-card.tsx';
import { PartyCard } from './party-card.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { ProceedsCard } from './proceeds-card.tsx';
import { ProductCard } from './product-card.tsx';
import { ShippingCard } from './shipping-card.tsx';
import { TotalsCard } from './totals-card.tsx';

/** What the account may do on the order (a team member only what the seller allowed). */
export interface OrderOffers {
  /** Reply to feedback received. */
  reply: boolean;
  /** Give this side's feedback. */
  give: boolean;
  /** Cancel the sale (the marketplace lets only the seller itself). */
  cancel: boolean;
  /** Record the delivery's next step (the seller itself, in local use). */
  recordDelivery: boolean;
}

export interface OrderDetailProps {
  order: PartialOrder;
  missing: string[];
  /** The account the dashboard works on: the order's seller, or its buyer. */
  accountId: number;
  offers: OrderOffers;
  locale: string;
  neighbours: Neighbours;
  backToList: ReactNode;
  /**
   * What the page offers to block the order's buyer, shown to the seller: the route composes the blocklists
   * feature's panel here (and leaves it out for a team member not allowed to manage blocklists).
   */
  blockBuyer?: ((buyer: { id: number; nickname: string }) => ReactNode) | undefined;
  /** The team's notes: whose they are and who writes; absent where the account is not the order's seller. */
  notes?: NotesAccount | undefined;
}

/** One order: its lines, money, discounts, payments, feedback, product, notifications and history; its people and shipping. */
export function OrderDetail({
  order,
  missing,
  accountId,
  offers,
  locale,
  neighbours,
  backToList,
  blockBuyer,
  notes,
}: OrderDetailProps) {
  const t = useT();
  const isSeller = isSellerOf(order, accountId);
  const [cancelling, setCancelling] = useState(false);
  const canCancel = isSeller && offers.cancel && isCancellable(order);
  useNeighbourKeys(neighbours);
  return (
    <div className="flex flex-col gap-4 px-6 py-5">
      <OrderHeading order={order} locale={locale} neighbours={neighbours} backToList={backToList} />
      {order.tags.includes('fraud_risk_detected') && isCancellable(order) ? (
        <FraudAlert
          onCancel={canCancel ? () => setCancelling(true) : undefined}
          teamMember={isSeller && !offers.cancel}
        />
      ) : null}
      {/* Mounted while it is open, though the order shows cancelled before the marketplace answers. */}
      {isSeller && offers.cancel && (canCancel || cancelling) ? (
        <CancelOrderDialog order={order} open={cancelling} onClose={() => setCancelling(false)} />
      ) : null}
      {missing.length > 0 ? (
        <p className="rounded-lg border border-line bg-warning-soft px-4 py-2 text-body text-warning-soft-ink">
          {translate('orders.orderDetail.partMissing', { parts: missing.join(', ') })}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <ItemsCard order={order} locale={locale} />
          <TotalsCard order={order} locale={locale} />
          {isSeller ? <ProceedsCard order={order} locale={locale} /> : null}
          <DiscountsCard
            orderId={order.id}
            currencyId={order.order_items[0]?.currency_id ?? order.currency_id}
            locale={locale}
          />
          <PaymentsCard order={order} locale={locale} />
          <FeedbackCard
            order={order}
            isSeller={isSeller}
            locale={locale}
            canReply={offers.reply}
            canGive={offers.give}
          />
          <ProductCard orderId={order.id} />
          <OrderNotificationsCard orderId={order.id} locale={locale} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <HistoryCard order={order} locale={locale} />
            {notes && isSeller ? <OrderNotesCard orderId={order.id} account={notes} locale={locale} /> : null}
          </div>
        </div>
        <aside className="flex flex-col gap-4" aria-label={t('orders.orderDetail.peopleAndShipping')}>
          {isSeller ? (
            <OrderActionsCard
              order={order}
              canCancel={canCancel}
              canRecordDelivery={offers.recordDelivery}
              onCancel={() => setCancelling(true)}
            />
          ) : null}
          <PartyCard title={t('orders.orderDetail.buyer')} party={order.buyer} />
          <PartyCard title={t('orders.orderDetail.seller')} party={order.seller} />
          <ShippingCard order={order} locale={locale} />
          <DeliveryOutcomePanel order={order} />
          {blockBuyer && isSeller && isParty(order.buyer)
            ? blockBuyer({
                id: Number(order.buyer.id),
                nickname: order.buyer.nickname ?? String(order.buyer.id),
              })
            : null}
        </aside>
      </div>
    </div>
  );
}
