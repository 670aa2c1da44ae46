import {
  errorBody,
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_TOP_PRODUCTS,
  type Insights,
  type InsightsFigures,
  insightsQuerySchema,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  type ProjectionState,
  TODAY_QUEUE_ENTRIES,
  type Today,
  type TodayEntry,
  type TodayQueue,
  type TodayQueueId,
} from '@mostrador/contracts';
import { type Context, Hono } from 'hono';
import { invalidInput } from '../invalid-input.ts';
import type { SessionEnv } from '../middleware/session.ts';
import { accountActor, membershipEnded } from '../session/account-actor.ts';
import type { Sessions } from '../session/sessions.ts';
import type { SellerDayProjection } from './seller-day-projection.ts';
import type { DayStatusTotals, EntryRow, SellerDayRepository, SellerState } from './seller-day-repository.ts';

const DAY = 86_400_000;

export interface SellerDayRouteOptions {
  sessions: Sessions;
  repo: SellerDayRepository;
  projection: SellerDayProjection;
  now: () => number;
}

/** Each queue: how its orders are found in the projection, and the `/orders` search that lists them. */
const QUEUES: {
  id: TodayQueueId;
  flag: 'to_ship' | 'fraud_open' | 'unrated' | 'mediation_open' | 'at_risk' | null;
  search: Record<string, string>;
  exact: boolean;
}[] = [
  {
    id: 'to_ship',
    flag: 'to_ship',
    search: { 'order.status': 'paid', 'delivery.case': 'platform_not_shipped', sort: 'date_asc' },
    exact: true,
  },
  {
    id: 'fraud_alerts',
    flag: 'fraud_open',
    search: { tags: 'fraud_risk_detected', 'order.status': OPEN_ORDER_STATUSES.join(','), sort: 'date_asc' },
    exact: true,
  },
  {
    id: 'replies_due',
    flag: null,
    // The search has no filter for a reply or its window: this lists every order the buyer rated.
    search: { 'feedback.status': 'waiting_seller,complete', sort: 'date_desc' },
    exact: false,
  },
  {
    id: 'unrated_sales',
    flag: 'unrated',
    search: { 'order.status': 'paid', 'feedback.status': 'pending,waiting_seller', sort: 'date_asc' },
    exact: true,
  },
  {
    id: 'open_mediations',
    flag: 'mediation_open',
    search: { 'mediations.status': 'opened', sort: 'date_asc' },
    exact: true,
  },
  {
    id: 'deliveries_at_risk',
    flag: 'at_risk',
    search: {
      'order.status': 'paid',
      'delivery.case': 'own_without_evidence',
      'tags.not': 'chargeback_covered',
      sort: 'date_asc',
    },
    exact: true,
  },
];

/** `ms` as a timestamp at the site's offset (`-03:00`), as the marketplace writes them. */
export function timestampAt(ms: number, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(ms + minutes * 60_000).toISOString().slice(0, 23);
  return `${local}${offset}`;
}

const dateOf = (ms: number, offset: string) => timestampAt(ms, offset).slice(0, 10);
const dayStart = (date: string, offset: string) => Date.parse(`${date}T00:00:00.000${offset}`);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const money = (cents: number) => cents / 100;
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function projectionOf(state: SellerState, offset: string): ProjectionState {
  return {
    state: state.state,
    as_of: state.as_of === null ? null : timestampAt(state.as_of, offset),
  };
}

function figuresOf(rows: readonly DayStatusTotals[]): InsightsFigures {
  const sum = (key: Exclude<keyof DayStatusTotals, 'day' | 'status'>) => rows.reduce((t, r) => t + r[key], 0);
  const orders = sum('orders');
  const sales = sum('sales');
  const gross = sum('gross_cents');
  return {
    gross_sales: money(gross),
    receives: money(sum('receives_cents')),
    orders,
    sales,
    units: sum('units'),
    average_ticket: sales === 0 ? null : Math.round(gross / sales) / 100,
    cancellation_rate: share(sum('cancelled'), orders),
    fraud_rate: share(sum('fraud'), orders),
    positive_feedback_share: share(sum('positive'), sum('ratings')),
    ratings: sum('ratings'),
  };
}

function daysOf(rows: readonly DayStatusTotals[], from: string, days: number) {
  const byDay = new Map<string, { gross: number; sales: number }>();
  for (const r of rows) {
    const day = byDay.get(r.day) ?? { gross: 0, sales: 0 };
    day.gross += r.gross_cents;
    day.sales += r.sales;
    byDay.set(r.day, day);
  }
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const day = byDay.get(date);
    return { date, gross_sales: money(day?.gross ?? 0), sales: day?.sales ?? 0 };
  });
}

/**
 * `GET /bff/today` and `GET /bff/insights` (decisions 0281, 0282): the seller's queues and figures, answered from
 * the projection of its orders, for the signed-in seller or the seller a team member with `orders.read` acts for.
 */
export function sellerDayRoutes(options: SellerDayRouteOptions) {
  const { repo, now } = options;
  const app = new Hono<SessionEnv>();

  /** The seller the session works on, its projection begun; or the refusal to answer. */
  async function sellerOf(c: Context<SessionEnv>): Promise<{ state: SellerState } | { refusal: Response }> {
    const actor = await accountActor(c, options.sessions, 'orders.read');
    const session = await c.var.session();
    if (!actor || !session) return { refusal: c.json(errorBody('not_identified_user'), 401) };
    if (actor.ended) return { refusal: membershipEnded(c, actor.ended) };
    if (!actor.allowed) {
      return {
        refusal: c.json(
          errorBody('operator_permission_denied', {
            message: 'Reading this seller’s orders needs the orders.read permission.',
            cause: [{ permission: 'orders.read' }],
          }),
          403,
        ),
      };
    }
    const token = await options.sessions.accessToken(session);
    if (token === 'expired') return { refusal: c.json(errorBody('session_expired'), 401) };
    if (token === null) return { refusal: c.json(errorBody('not_identified_user'), 401) };
    return { state: await options.projection.ensure(actor.accountId, token) };
  }

  app.get('/today', async (c) => {
    const found = await sellerOf(c);
    if ('refusal' in found) return found.refusal;
    const { state } = found;
    const sellerId = state.seller_id;
    const offset = state.utc_offset ?? '+00:00';
    const at = now();
    const entry = (row: EntryRow): TodayEntry => {
      const until = row.reply_due_until === null ? null : Number(row.reply_due_until);
      return {
        order_id: Number(row.order_id),
        buyer_nickname: row.buyer_nickname,
        title: row.title,
        units: Number(row.units),
        date_created: timestampAt(Number(row.date_created), offset),
        total_amount: money(Number(row.total_cents)),
        currency_id: row.currency_id,
        status: row.status as OrderStatus,
        feedback_date: row.feedback_date === null ? null : timestampAt(Number(row.feedback_date), offset),
        reply_days_left: until === null ? null : Math.max(0, Math.floor((until - at) / DAY)),
        shipment_state: row.shipment_state as TodayEntry['shipment_state'],
        missing_evidence: row.missing_evidence as TodayEntry['missing_evidence'],
        mediation_stage: row.mediation_stage,
      };
    };
    const queues: TodayQueue[] = [];
    for (const queue of QUEUES) {
      const [count, rows] = queue.flag
        ? [
            await repo.queueCount(sellerId, queue.flag),
            await repo.queueEntries(sellerId, queue.flag, TODAY_QUEUE_ENTRIES),
          ]
        : [
            await repo.repliesDueCount(sellerId, at),
            await repo.repliesDue(sellerId, at, TODAY_QUEUE_ENTRIES),
          ];
      queues.push({
        id: queue.id,
        count,
        entries: rows.map(entry),
        search: queue.search,
        exact: queue.exact,
      });
    }
    const body: Today = {
      seller_id: sellerId,
      currency_id: state.currency_id,
      queues,
      projection: projectionOf(state, offset),
    };
    return c.json(body);
  });

  app.get('/insights', async (c) => {
    const query = insightsQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalidInput(c, query.error);
    const found = await sellerOf(c);
    if ('refusal' in found) return found.refusal;
    const { state } = found;
    const sellerId = state.seller_id;
    const offset = state.utc_offset ?? '+00:00';
    const { from, to } =
      query.data.from !== undefined && query.data.to !== undefined
        ? { from: query.data.from, to: query.data.to }
        : (() => {
            const today = dateOf(now(), offset);
            return { from: addDays(today, 1 - Number(query.data.days ?? INSIGHTS_DEFAULT_DAYS)), to: today };
          })();
    const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
    const previousFrom = addDays(from, -days);
    const previousTo = addDays(from, -1);
    const start = dayStart(from, offset);
    const end = dayStart(addDays(to, 1), offset);
    const totals = await repo.totalsByDayAndStatus(sellerId, dayStart(previousFrom, offset), end);
    const current = totals.filter((r) => r.day >= from);
    const previous = totals.filter((r) => r.day < from);
    const statuses = new Map<string, number>();
    for (const r of current) statuses.set(r.status, (statuses.get(r.status) ?? 0) + r.orders);
    const top = await repo.topProducts(sellerId, start, end, INSIGHTS_TOP_PRODUCTS);
    const body: Insights = {
      seller_id: sellerId,
      currency_id: state.currency_id,
      utc_offset: offset,
      period: { from, to, days },
      previous_period: { from: previousFrom, to: previousTo, days },
      figures: figuresOf(current),
      previous_figures: figuresOf(previous),
      sales_by_day: daysOf(current, from, days),
      previous_sales_by_day: daysOf(previous, previousFrom, days),
      orders_by_status: ORDER_STATUSES.map((status) => ({ status, orders: statuses.get(status) ?? 0 })),
      top_products: top.map((p) => ({
        item_id: p.item_id,
        title: p.title,
        units: p.units,
        revenue: money(p.revenue_cents),
      })),
      projection: projectionOf(state, offset),
    };
    return c.json(body);
  });

  return app;
}
