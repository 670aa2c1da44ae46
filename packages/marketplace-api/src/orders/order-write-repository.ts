import type { DeliveryCase, DeliveryProgressBody, SaleTrigger } from '@mostrador/contracts';
import { type CommitGroup, directCommits } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database, OrdersTable } from '../db/schema.ts';
import { caseOf, type DeliveryRecord, NO_SHIPMENT, progressDelivery, settle } from '../domain/delivery.ts';
import {
  createOrder,
  invalidateOrder,
  LifecycleError,
  type PaymentStatus,
  passTime,
  raiseFraudAlert,
  recordPayment,
  type SellerCancelCode,
  type Transition,
} from '../domain/order-lifecycle.ts';
import { type OrderRecord, type RenderContext, renderOrderRow, timeDue } from '../domain/order-record.ts';
import { readOrderRecord } from '../domain/order-record-reader.ts';
import { feedbackRecord } from '../feedback/feedback-repository.ts';
import { enqueueNotification } from '../notifications/outbox-repository.ts';
import { ringOutbox } from '../notifications/outbox-signal.ts';
import { loadDelivery, saveDelivery, sellerChannel } from '../shipments/shipment-repository.ts';
import { createBlockRepository } from '../users/block-repository.ts';
import { nextId } from './id-sequence.ts';

/** New payment ids start above every seeded one (the seed's ids stay below 6·10^10 even for 10^6 orders). */
const FIRST_PAYMENT_ID = 70_000_000_000;
const PAYMENT_SEQUENCE = 'next_payment_id';
const ORDER_SEQUENCE = 'last_order_id';

/** Another writer changed the order between its read and its write (possible on PostgreSQL); nothing was written. */
export class OrderChangedMeanwhile extends Error {
  constructor() {
    super('the order changed during the write');
  }
}

/** An order as written: the record, and its stored row (the source of the answer). */
export interface WrittenOrder {
  order: OrderRecord;
  row: OrdersTable;
  changed: boolean;
}

type Trx = Kysely<Database>;

/**
 * Every write of the order life cycle (domain/order-lifecycle.ts), each in one transaction: the order's stored
 * documents re-rendered with a new version (the read cache keys on it), the per-status counters of both sides,
 * the items' stock, and the `orders_v2` notification in the outbox. Any refusal rolls all of it back.
 */
export function createOrderWriteRepository(
  db: Kysely<Database>,
  group: CommitGroup<Database> = directCommits(db),
) {
  let decimals: Map<string, number> | undefined;

  async function renderContext(trx: Trx, siteId: string): Promise<RenderContext> {
    if (!decimals) {
      const rows = await trx.selectFrom('currencies').select(['id', 'decimal_places']).execute();
      decimals = new Map(rows.map((r) => [r.id, Number(r.decimal_places)]));
    }
    const site = await trx
      .selectFrom('sites')
      .select('utc_offset_minutes')
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow();
    const known = decimals;
    return { offsetMinutes: Number(site.utc_offset_minutes), decimals: (id) => known.get(id) ?? 2 };
  }

  async function load(trx: Trx, id: number) {
    const row = await trx
      .selectFrom('orders')
      .select([
        'version',
        'site_id',
        'seller_id',
        'buyer_id',
        'shipping_id',
        'doc',
        'payments_full',
        'mediations_doc',
        'expired',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const feedback = (await trx.selectFrom('feedback').selectAll().where('order_id', '=', id).execute()).map(
      feedbackRecord,
    );
    const ctx = await renderContext(trx, row.site_id);
    const record = readOrderRecord(
      row,
      {
        sale: feedback.find((f) => f.role === 'sale') ?? null,
        purchase: feedback.find((f) => f.role === 'purchase') ?? null,
      },
      ctx,
    );
    return { record, version: Number(row.version), ctx };
  }

  async function count(trx: Trx, order: OrderRecord, status: string, delta: 1 | -1) {
    for (const [userId, side] of [
      [order.sellerId, 'seller'],
      [order.buyerId, 'buyer'],
    ] as const) {
      await trx
        .insertInto('order_counts')
        .values({ user_id: userId, side, status, n: Math.max(0, delta) })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'side', 'status'])
            .doUpdateSet((eb) => ({ n: eb('order_counts.n', '+', delta) })),
        )
        .execute();
    }
  }

  /** Stock moves go last: a refusal there proves the rest of the change (outbox included) rolls back with it. */
  async function moveStock(trx: Trx, t: Transition) {
    for (const move of t.stock) {
      if (move.quantity > 0) {
        const taken = await trx
          .updateTable('items')
          .set((eb) => ({
            available_quantity: eb('available_quantity', '-', move.quantity),
            sold_quantity: eb('sold_quantity', '+', move.quantity),
          }))
          .where('id', '=', move.itemId)
          .where('available_quantity', '>=', move.quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) {
          throw new LifecycleError(
            'out_of_stock',
            `Item ${move.itemId} does not have ${move.quantity} units left.`,
          );
        }
      } else if (move.quantity < 0) {
        await trx
          .updateTable('items')
          .set((eb) => ({
            available_quantity: eb('available_quantity', '+', -move.quantity),
            sold_quantity: eb('sold_quantity', '-', -move.quantity),
          }))
          .where('id', '=', move.itemId)
          .execute();
      }
    }
  }

  async function persist(
    trx: Trx,
    before: OrderRecord | null,
    t: Transition,
    version: number,
    ctx: RenderContext,
    deliveryCase?: DeliveryCase,
  ): Promise<OrdersTable> {
    const row = {
      ...renderOrderRow(t.order, ctx),
      version: version + 1,
      ...(deliveryCase ? { delivery_case: deliveryCase } : {}),
    };
    if (before === null) {
      await trx.insertInto('orders').values(row).execute();
      await count(trx, t.order, t.order.status, 1);
    } else {
      const { id, ...changes } = row;
      const updated = await trx
        .updateTable('orders')
        .set(changes)
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      // Another writer got there first (possible on PostgreSQL): nothing of this change may stand.
      if (Number(updated.numUpdatedRows) !== 1) throw new OrderChangedMeanwhile();
      if (before.status !== t.order.status) {
        await count(trx, before, before.status, -1);
        await count(trx, t.order, t.order.status, 1);
      }
    }
    // Spec 6.2: orders_v2 goes to the seller's applications.
    await enqueueNotification(trx, {
      topic: 'orders_v2',
      userId: t.order.sellerId,
      resource: `/orders/${t.order.id}`,
      now: t.order.lastUpdated,
    });
    await moveStock(trx, t);
    return row;
  }

  /** Runs one operation on a stored order; undefined when there is no such order. */
  async function change(
    id: number,
    operation: (order: OrderRecord, trx: Trx) => Transition | Promise<Transition>,
  ): Promise<WrittenOrder | undefined> {
    const written = await group.run(async (trx) => {
      const loaded = await load(trx, id);
      if (!loaded) return undefined;
      const t = await operation(loaded.record, trx);
      if (!t.changed) {
        return {
          order: t.order,
          row: { ...renderOrderRow(t.order, loaded.ctx), version: loaded.version },
          changed: false,
        };
      }
      const row = await persist(trx, loaded.record, t, loaded.version, loaded.ctx);
      return { order: t.order, row, changed: true };
    });
    if (written?.changed) ringOutbox(db);
    return written;
  }

  /**
   * Runs an operation that reads and may move the order's delivery (domain/delivery.ts): the shipment row, the
   * order's `delivery_case` search column and the order itself change in one transaction with the outbox row.
   */
  async function changeWithDelivery(
    id: number,
    now: number,
    operation: (
      order: OrderRecord,
      delivery: DeliveryRecord,
    ) => {
      order: Transition;
      delivery: DeliveryRecord;
      notice?: { by: 'contact' | 'notification'; trigger: SaleTrigger; outcome: string };
    },
    shipmentId?: number,
  ): Promise<(WrittenOrder & { delivery: DeliveryRecord }) | undefined> {
    const written = await group.run(async (trx) => {
      const loaded = await load(trx, id);
      if (!loaded) return undefined;
      const before =
        loaded.record.shippingId === null ? NO_SHIPMENT : await loadDelivery(trx, loaded.record.shippingId);
      if (shipmentId !== undefined && before.shipmentId !== shipmentId) return undefined;
      const result = operation(loaded.record, before);
      const t = result.order;
      if (result.delivery !== before) await saveDelivery(trx, before, result.delivery, now, loaded.ctx);
      if (!t.changed) {
        return {
          order: t.order,
          row: { ...renderOrderRow(t.order, loaded.ctx), version: loaded.version },
          changed: false,
          delivery: result.delivery,
        };
      }
      const row = await persist(trx, loaded.record, t, loaded.version, loaded.ctx, caseOf(result.delivery));
      if (result.notice) {
        await trx
          .insertInto('seller_notices')
          .values({
            order_id: t.order.id,
            seller_id: t.order.sellerId,
            channel:
              result.notice.by === 'contact' ? await sellerChannel(trx, t.order.sellerId) : 'notification',
            trigger: result.notice.trigger,
            delivery_case: caseOf(before),
            outcome: result.notice.outcome,
            created_at: t.order.lastUpdated,
          })
          .execute();
      }
      return { order: t.order, row, changed: true, delivery: result.delivery };
    });
    if (written?.changed) ringOutbox(db);
    return written;
  }

  const settleBy =
    (input: Parameters<typeof settle>[2]) => (order: OrderRecord, delivery: DeliveryRecord) => {
      const s = settle(order, delivery, input);
      return {
        order: s,
        delivery: s.delivery,
        notice: { by: s.noticeBy, trigger: input.trigger, outcome: s.outcome },
      };
    };

  async function nextPaymentId(trx: Trx): Promise<number> {
    return nextId(trx, PAYMENT_SEQUENCE, async () => FIRST_PAYMENT_ID);
  }

  /** New orders number on from the largest seeded id (and above the platform's 2·10^18 range start). */
  async function nextOrderId(trx: Trx): Promise<number> {
    return nextId(trx, ORDER_SEQUENCE, async () => {
      const top = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Math.max(2_000_000_000_000_000, Number(top?.id ?? 0)) + 1;
    });
  }

  return {
    /**
     * A buyer's new order with a seller, from the seller's listed items. Refused when the seller blocked the buyer
     * from buying, when an item is not the seller's or lacks stock.
     */
    async create(input: {
      buyerId: number;
      sellerId: number;
      items: { id: string; quantity: number }[];
      applicationId: number;
      now: number;
    }): Promise<WrittenOrder | undefined> {
      const written = await group.run(async (trx) => {
        const seller = await trx
          .selectFrom('users')
          .select(['id', 'site_id'])
          .where('id', '=', input.sellerId)
          .executeTakeFirst();
        if (!seller) return undefined;
        if (await createBlockRepository(trx).isBlocked(input.sellerId, 'order', input.buyerId)) {
          throw new LifecycleError('blocked_buyer', 'The seller does not accept orders from this buyer.');
        }
        const listed = await trx
          .selectFrom('items')
          .selectAll()
          .where(
            'id',
            'in',
            input.items.map((i) => i.id),
          )
          .execute();
        const lines = input.items.map((wanted) => {
          const item = listed.find((l) => l.id === wanted.id);
          if (!item)
            throw new LifecycleError('bad_request', `Item ${wanted.id} is not listed by the seller.`);
          return { item, quantity: wanted.quantity };
        });
        const immediate = await trx
          .selectFrom('immediate_payment_reasons')
          .select('reason')
          .where('user_id', '=', input.sellerId)
          .executeTakeFirst();
        const t = createOrder({
          id: await nextOrderId(trx),
          now: input.now,
          sellerId: input.sellerId,
          buyerId: input.buyerId,
          siteId: seller.site_id,
          immediatePayment: immediate !== undefined,
          lines,
          applicationId: input.applicationId,
        });
        const ctx = await renderContext(trx, seller.site_id);
        const row = await persist(trx, null, t, 0, ctx);
        return { order: t.order, row, changed: true };
      });
      if (written) ringOutbox(db);
      return written;
    },

    async pay(
      id: number,
      input: {
        status: PaymentStatus;
        amountMinor?: number;
        paymentId?: number;
        paymentMethodId?: string;
        now: number;
      },
    ) {
      return change(id, async (order, trx) => {
        let method = await trx
          .selectFrom('payment_methods')
          .select(['id', 'payment_type_id'])
          .where('site_id', '=', order.siteId)
          .$if(input.paymentMethodId !== undefined, (q) => q.where('id', '=', input.paymentMethodId!))
          .orderBy('id')
          .executeTakeFirst();
        if (!method && input.paymentMethodId !== undefined) {
          throw new LifecycleError('bad_request', 'payment_method_id: not a payment method of the site.');
        }
        method ??= { id: 'account_money', payment_type_id: 'account_money' };
        return recordPayment(order, {
          status: input.status,
          amountMinor: input.amountMinor,
          paymentId: input.paymentId,
          newPaymentId: input.paymentId === undefined ? await nextPaymentId(trx) : 0,
          paymentMethodId: method.id,
          paymentType: method.payment_type_id,
          now: input.now,
        });
      });
    },

    /** The seller cancels: settled by spec 1's table (domain/delivery.ts). */
    async cancel(id: number, input: { code: SellerCancelCode; applicationId: number; now: number }) {
      return changeWithDelivery(id, input.now, settleBy({ trigger: 'cancellation', ...input }));
    },

    /** The buyer's chargeback, reported by the payment network: settled by spec 1's table. */
    async chargeback(id: number, now: number) {
      return changeWithDelivery(id, now, settleBy({ trigger: 'chargeback', now }));
    },

    /** The next step of an order's delivery; undefined when the order has no such shipment. */
    async progressDelivery(orderId: number, shipmentId: number, body: DeliveryProgressBody, now: number) {
      return changeWithDelivery(
        orderId,
        now,
        (order, delivery) => progressDelivery(order, delivery, body, now),
        shipmentId,
      );
    },

    async invalidate(id: number, now: number) {
      return change(id, (order) => invalidateOrder(order, { now }));
    },

    async fraudAlert(id: number, now: number) {
      return change(id, (order) => raiseFraudAlert(order, { now }));
    },

    /**
     * Runs what came due on the order by `now` (`passTime`), written and notified as every change. An order with
     * nothing due only has its `time_due` corrected (stored before its payments or expiry were known), unnotified.
     */
    async passTime(id: number, now: number) {
      return change(id, async (order, trx) => {
        const t = passTime(order, now);
        if (!t.changed) {
          await trx
            .updateTable('orders')
            .set({ time_due: timeDue(order) })
            .where('id', '=', id)
            .execute();
        }
        return t;
      });
    },

    /** Orders time changed by `now` and not yet written so, the earliest first. */
    async due(now: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('time_due', '<=', now)
        .orderBy('time_due')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** The order's parties, its site's currency decimals, for checking a caller and reading an amount. */
    async parties(id: number) {
      const row = await db
        .selectFrom('orders')
        .innerJoin('currencies', 'currencies.id', 'orders.currency_id')
        .select(['orders.seller_id', 'orders.buyer_id', 'orders.status', 'currencies.decimal_places'])
        .where('orders.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sellerId: Number(row.seller_id),
        buyerId: Number(row.buyer_id),
        status: row.status,
        decimals: Number(row.decimal_places),
      };
    },

    /** Recent open orders of the given sellers whose delivery can move on, newest first (the simulator's pick). */
    async recentDeliveries(sellerIds: number[], limit: number) {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('shipments', 'shipments.id', 'orders.shipping_id')
        .select(['orders.id', 'shipments.id as shipment_id', 'shipments.mode', 'shipments.delivery_state'])
        .where('orders.seller_id', 'in', sellerIds)
        .where('orders.status', 'not in', ['cancelled', 'invalid', 'manually_cancelled'])
        .where('shipments.delivery_state', 'in', [
          'not_platform_shipping',
          'label_not_printed',
          'label_printed',
          'shipped',
          'not_delivered',
        ])
        .orderBy('orders.date_created', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        orderId: Number(r.id),
        shipmentId: Number(r.shipment_id),
        platformShipping: r.mode === 'me2',
        state: String(r.delivery_state),
      }));
    },

    /** Recent orders of the given sellers in the given statuses, newest first (the simulator's pick). */
    async recent(sellerIds: number[], statuses: string[], limit: number) {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'seller_id', 'buyer_id', 'status', 'tags', 'feedback_status'])
        .where('seller_id', 'in', sellerIds)
        .where('status', 'in', statuses)
        .orderBy('date_created', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        sellerId: Number(r.seller_id),
        buyerId: Number(r.buyer_id),
        status: r.status,
        tags: r.tags.split(',').filter(Boolean),
        feedbackStatus: r.feedback_status,
      }));
    },
  };
}

export type OrderWriteRepository = ReturnType<typeof createOrderWriteRepository>;
