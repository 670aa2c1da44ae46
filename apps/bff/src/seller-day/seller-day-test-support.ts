import {
  type Insights,
  type InsightsFigures,
  ORDER_SEARCH_MAX_LIMIT,
  ORDER_STATUSES,
  type OrderSearchResult,
  orderDiscountsSchema,
  orderSearchEnvelopeSchema,
  proceedsReads,
  type Shipment,
  sellerProceeds,
  shipmentSchema,
  type Today,
} from '@mostrador/contracts';
import { expect } from 'vitest';

/** Calls the marketplace's API as an integrator would: `path` from the API's root, with a bearer token. */
export type ApiGet = (path: string, token: string, headers?: Record<string, string>) => Promise<unknown>;

/** Every order of the seller, as the API's search gives them (every status named, so cancelled ones too). */
export async function allOrders(get: ApiGet, token: string, sellerId: number): Promise<OrderSearchResult[]> {
  const orders: OrderSearchResult[] = [];
  for (let offset = 0; ; offset += ORDER_SEARCH_MAX_LIMIT) {
    const page = orderSearchEnvelopeSchema.parse(
      await get(
        `/orders/search?seller=${sellerId}&order.status=${ORDER_STATUSES.join(',')}&sort=date_asc&limit=${ORDER_SEARCH_MAX_LIMIT}&offset=${offset}`,
        token,
      ),
    );
    orders.push(...page.results);
    if (page.results.length < ORDER_SEARCH_MAX_LIMIT) return orders;
  }
}

/** The API's own count of a search: `paging.total`. */
export async function searchTotal(
  get: ApiGet,
  token: string,
  sellerId: number,
  search: Record<string, string>,
): Promise<number> {
  const query = new URLSearchParams({ ...search, seller: String(sellerId), limit: '1' });
  return orderSearchEnvelopeSchema.parse(await get(`/orders/search?${query}`, token)).paging.total;
}

/** What the seller receives from each order, worked out from the API's answers one order at a time. */
export async function receivedByOrder(
  get: ApiGet,
  token: string,
  orders: readonly OrderSearchResult[],
): Promise<Map<number, number>> {
  const received = new Map<number, number>();
  for (const order of orders) {
    const reads = proceedsReads(order);
    const discounts = reads.discounts
      ? orderDiscountsSchema.parse(await get(`/orders/${order.id}/discounts`, token)).details
      : [];
    const shipment: Shipment | null =
      reads.shipment && order.shipping.id
        ? shipmentSchema.parse(
            await get(`/shipments/${order.shipping.id}`, token, { 'x-format-new': 'true' }),
          )
        : null;
    received.set(order.id, sellerProceeds(order, discounts, shipment).receives);
  }
  return received;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Insights' figures for the orders created on the days [from, to], recomputed from the API's orders. */
export function figuresFromOrders(
  orders: readonly OrderSearchResult[],
  received: ReadonlyMap<number, number>,
  from: string,
  to: string,
): InsightsFigures {
  const inPeriod = orders.filter(
    (o) => o.date_created.slice(0, 10) >= from && o.date_created.slice(0, 10) <= to,
  );
  const sales = inPeriod.filter((o) => o.status === 'paid');
  const gross = sales.reduce((t, o) => t + Math.round(o.total_amount * 100), 0);
  const ratings = inPeriod.filter((o) => o.feedback.purchase !== null);
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return {
    gross_sales: gross / 100,
    receives: round2(inPeriod.reduce((t, o) => t + (received.get(o.id) ?? 0), 0)),
    orders: inPeriod.length,
    sales: sales.length,
    units: sales.reduce((t, o) => t + o.order_items.reduce((u, l) => u + l.quantity, 0), 0),
    average_ticket: sales.length === 0 ? null : Math.round(gross / sales.length) / 100,
    cancellation_rate: share(
      inPeriod.filter((o) => o.status === 'cancelled' || o.status === 'manually_cancelled').length,
      inPeriod.length,
    ),
    fraud_rate: share(inPeriod.filter((o) => o.tags.includes('fraud_risk_detected')).length, inPeriod.length),
    positive_feedback_share: share(
      ratings.filter((o) => (o.feedback.purchase as { rating?: string }).rating === 'positive').length,
      ratings.length,
    ),
    ratings: ratings.length,
  };
}

/** Checks an Insights answer against the API's orders: both periods' figures, their days, statuses and products. */
export function expectInsightsOf(
  insights: Insights,
  orders: readonly OrderSearchResult[],
  received: ReadonlyMap<number, number>,
): void {
  const { period, previous_period: previous } = insights;
  expect(insights.figures).toEqual(figuresFromOrders(orders, received, period.from, period.to));
  expect(insights.previous_figures).toEqual(figuresFromOrders(orders, received, previous.from, previous.to));
  const inPeriod = orders.filter(
    (o) => o.date_created.slice(0, 10) >= period.from && o.date_created.slice(0, 10) <= period.to,
  );
  for (const { status, orders: count } of insights.orders_by_status) {
    expect(count, status).toBe(inPeriod.filter((o) => o.status === status).length);
  }
  for (const day of insights.sales_by_day) {
    const sales = inPeriod.filter((o) => o.status === 'paid' && o.date_created.startsWith(day.date));
    expect(day.sales, day.date).toBe(sales.length);
    expect(day.gross_sales, day.date).toBe(
      sales.reduce((t, o) => t + Math.round(o.total_amount * 100), 0) / 100,
    );
  }
  const products = new Map<string, { units: number; revenue: number }>();
  for (const o of inPeriod.filter((o) => o.status === 'paid')) {
    for (const line of o.order_items) {
      const p = products.get(line.item.id) ?? { units: 0, revenue: 0 };
      p.units += line.quantity;
      p.revenue += Math.round(line.unit_price * 100) * line.quantity;
      products.set(line.item.id, p);
    }
  }
  const top = [...products.entries()]
    .sort((a, b) => b[1].revenue - a[1].revenue || (a[0] < b[0] ? -1 : 1))
    .slice(0, insights.top_products.length);
  expect(insights.top_products.map((p) => [p.item_id, p.units, p.revenue])).toEqual(
    top.map(([id, p]) => [id, p.units, p.revenue / 100]),
  );
  expect(insights.top_products.length).toBe(Math.min(10, products.size));
}

/** Today's exact queues count what the API's own searches count; replies due, what the API's orders say. */
export async function expectTodayOf(
  today: Today,
  get: ApiGet,
  token: string,
  orders: readonly OrderSearchResult[],
  at: number,
): Promise<void> {
  for (const queue of today.queues) {
    if (queue.exact) {
      expect(queue.count, queue.id).toBe(await searchTotal(get, token, today.seller_id, queue.search));
    } else {
      const due = orders.filter((o) => {
        const purchase = o.feedback.purchase as { date_created: string; reply: string | null } | null;
        return (
          purchase !== null &&
          purchase.reply === null &&
          o.status !== 'cancelled' &&
          o.status !== 'manually_cancelled' &&
          Date.parse(purchase.date_created) + 14 * 86_400_000 > at
        );
      });
      expect(queue.count, queue.id).toBe(due.length);
    }
    expect(queue.entries.length).toBe(Math.min(queue.count, 5));
  }
}
