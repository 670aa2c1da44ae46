import {
  ORDER_SORTS,
  orderDiscountsSchema,
  orderProductSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  orderSearchParamsSchema,
} from '@mostrador/contracts';
import { Hono } from 'hono';
import { ApiError, badRequest } from '../http/api-error.ts';
import { type ApiContext, type ApiEnv, type OrderMember, requireCaller } from '../http/env.ts';
import { type Acting, actFor, actOnOrder, asOwner, asParty } from '../http/operator-access.ts';
import type { ResourceDescription } from '../http/resources.ts';
import { createAnswerCache } from '../repositories/answer-cache.ts';
import type { OrderQuery, OrderReadRow } from '../repositories/order-repository.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** Until payment is confirmed (or for an invalid order) the counterpart sees only id and nickname (spec 3). */
const CONTACT_HIDDEN = new Set(['payment_required', 'invalid']);

const bytes = (text: string) => Buffer.from(text);
const EMPTY: Record<OrderMember, Buffer> = {
  buyer: bytes('{}'),
  seller: bytes('{}'),
  feedback: bytes('{}'),
  shipping: bytes('{}'),
  mediations: bytes('[]'),
};
const KEY = {
  buyer: bytes(',"buyer":'),
  seller: bytes(',"seller":'),
  payments: bytes(',"payments":'),
  feedback: bytes(',"feedback":'),
  shipping: bytes(',"shipping":'),
  mediations: bytes(',"mediations":'),
  end: bytes('}'),
  comma: bytes(','),
  noShipment: bytes('{"id":null}'),
};

function parseOrderId(raw: string): number {
  if (raw === '' || raw === 'null' || raw === 'undefined') throw new ApiError('empty_order_id');
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new ApiError('invalid_order_id');
  return Number(raw);
}

async function legacyShipping(ctx: ApiContext, shippingId: number): Promise<Buffer> {
  const shipment = await ctx.shipments.find(shippingId);
  if (!shipment) throw new Error('shipment missing');
  const s = JSON.parse(shipment.doc);
  return bytes(
    JSON.stringify({
      id: s.id,
      shipment_type: 'shipping',
      status: s.status,
      date_created: s.date_created,
      currency_id: s.lead_time.currency_id,
      cost: s.lead_time.cost,
    }),
  );
}

/** The stored document with its members, up to but without its parties: the order's own part of either form. */
function documentChunks(row: OrderReadRow, payments: Uint8Array): Uint8Array[] {
  return [
    row.doc.subarray(0, row.doc.length - 1),
    KEY.payments,
    payments,
    KEY.feedback,
    row.feedback_doc,
    KEY.shipping,
    row.shipping_id === null ? KEY.noShipment : bytes(`{"id":${Number(row.shipping_id)}}`),
    KEY.mediations,
    row.mediations_doc,
  ];
}

/** The search form of an order without its parties, joined once per cached document. */
const searchPrefixes = new WeakMap<OrderReadRow, Buffer>();

function searchPrefix(row: OrderReadRow): Buffer {
  let prefix = searchPrefixes.get(row);
  if (!prefix) {
    prefix = Buffer.concat(documentChunks(row, row.payments_full));
    searchPrefixes.set(row, prefix);
  }
  return prefix;
}

/**
 * Both party cards of an order as this reader may see them, when both are in memory (nothing is loaded); the
 * counterpart whose names and phones they show is pushed onto `disclosed`.
 */
function cardsFromMemory(
  ctx: ApiContext,
  row: OrderReadRow,
  reader: Acting,
  form: 'single' | 'search',
  disclosed: number[],
): { buyer: Buffer; seller: Buffer } | undefined {
  if (ctx.faults.failMember) return undefined;
  const sellerId = Number(row.seller_id);
  const buyerId = Number(row.buyer_id);
  // A team member without `buyers.personal_data.read` sees every card as id and nickname (decision 0101).
  const contact = reader.personalData && !CONTACT_HIDDEN.has(row.status);
  const own = reader.personalData ? reader.userId : 0;
  const buyer = ctx.parties.cached(buyerId, form, own === buyerId || contact);
  const seller = ctx.parties.cached(sellerId, form, own === sellerId || contact);
  if (!buyer || !seller) return undefined;
  if (contact) disclosed.push(reader.userId === sellerId ? buyerId : sellerId);
  return { buyer, seller };
}

/** The search form of an order when both party cards are cached; false (nothing pushed) otherwise. */
function searchFromMemory(
  ctx: ApiContext,
  row: OrderReadRow,
  reader: Acting,
  out: Uint8Array[],
  disclosed: number[],
): boolean {
  const cards = cardsFromMemory(ctx, row, reader, 'search', disclosed);
  if (!cards) return false;
  out.push(searchPrefix(row), KEY.buyer, cards.buyer, KEY.seller, cards.seller, KEY.end);
  return true;
}

/** Single-form bodies (new format) already joined, per cached document, with the two cards they were joined with. */
type Joined = ReturnType<typeof Buffer.concat>;
const singleBodies = new WeakMap<OrderReadRow, { buyer: Buffer; seller: Buffer; body: Joined }[]>();

/**
 * The single form of an order in the new format when both party cards are in memory, joined once per document and
 * pair of cards (a card changes identity when its user changes); undefined otherwise, for `composeOrder`.
 */
function singleFromMemory(
  ctx: ApiContext,
  row: OrderReadRow,
  reader: Acting,
  disclosed: number[],
): Joined | undefined {
  const cards = cardsFromMemory(ctx, row, reader, 'single', disclosed);
  if (!cards) return undefined;
  const { buyer, seller } = cards;
  let joined = singleBodies.get(row);
  const hit = joined?.find((j) => j.buyer === buyer && j.seller === seller);
  if (hit) return hit.body;
  const body = Buffer.concat([
    ...documentChunks(row, row.payments_short),
    KEY.buyer,
    buyer,
    KEY.seller,
    seller,
    KEY.end,
  ]);
  // At most a few readers' views of one order (its seller, its buyer, a team member without personal data).
  if (!joined) {
    joined = [];
    singleBodies.set(row, joined);
  }
  if (joined.length >= 4) joined.shift();
  joined.push({ buyer, seller, body });
  return body;
}

/**
 * Joins the stored document with its members, as byte chunks pushed onto `out`. A member that fails to load is
 * returned empty and named in `missing` (spec 4.1's 206). Cached members cost no wait; only a party card missing
 * from memory or the legacy shipment is awaited. Search results, which never answer 206, join a prefix prepared
 * once per document with the two party cards.
 */
async function composeOrder(
  ctx: ApiContext,
  row: OrderReadRow,
  reader: Acting,
  form: 'single' | 'search',
  legacy: boolean,
  out: Uint8Array[],
  missing: OrderMember[],
  disclosed: number[],
): Promise<void> {
  const faults = ctx.faults.failMember;
  const member = (
    name: OrderMember,
    loader: () => Uint8Array | Promise<Uint8Array>,
  ): Uint8Array | Promise<Uint8Array> => {
    const failed = () => {
      missing.push(name);
      return EMPTY[name];
    };
    try {
      if (faults?.(name, row.id)) throw new Error(`${name} unavailable`);
      const loaded = loader();
      return loaded instanceof Promise ? loaded.catch(failed) : loaded;
    } catch {
      return failed();
    }
  };
  const settle = async (value: Uint8Array | Promise<Uint8Array>) =>
    value instanceof Promise ? await value : value;
  const sellerId = Number(row.seller_id);
  const buyerId = Number(row.buyer_id);
  const contact = reader.personalData && !CONTACT_HIDDEN.has(row.status);
  const own = reader.personalData ? reader.userId : 0;
  const buyer = await settle(
    member('buyer', () => ctx.parties.card(buyerId, form, own === buyerId || contact)),
  );
  const seller = await settle(
    member('seller', () => ctx.parties.card(sellerId, form, own === sellerId || contact)),
  );
  // The counterpart's names and phones went out: the access log needs the row (spec 5, item 6).
  if (contact) {
    const counterpart = reader.userId === sellerId ? 'buyer' : 'seller';
    if (!missing.includes(counterpart)) disclosed.push(counterpart === 'buyer' ? buyerId : sellerId);
  }
  if (form === 'search' && !faults) {
    out.push(searchPrefix(row), KEY.buyer, buyer, KEY.seller, seller, KEY.end);
    return;
  }
  const shippingId = row.shipping_id === null ? null : Number(row.shipping_id);
  const shipping = await settle(
    member('shipping', () =>
      shippingId === null
        ? KEY.noShipment
        : legacy
          ? legacyShipping(ctx, shippingId)
          : bytes(`{"id":${shippingId}}`),
    ),
  );
  const feedback = await settle(member('feedback', () => row.feedback_doc));
  const mediations = await settle(member('mediations', () => row.mediations_doc));
  out.push(
    row.doc.subarray(0, row.doc.length - 1),
    KEY.payments,
    form === 'single' ? row.payments_short : row.payments_full,
    KEY.feedback,
    feedback,
    KEY.shipping,
    shipping,
    KEY.mediations,
    mediations,
    KEY.buyer,
    buyer,
    KEY.seller,
    seller,
    KEY.end,
  );
}

const CONTACT_FIELDS = ['first_name', 'last_name', 'phone', 'alternative_phone'] as const;

/** One insert per read (one statement for a whole search page), awaited so no disclosure goes unlogged. */
async function logContactReads(ctx: ApiContext, reader: Acting, subjects: number[], resource: string) {
  if (subjects.length === 0) return;
  const at = ctx.clock().getTime();
  await ctx.accessLog.record(
    (subjects.length === 1 ? subjects : [...new Set(subjects)]).map((subjectUserId) => ({
      accessorUserId: reader.userId,
      operatorUserId: reader.operatorUserId,
      applicationId: reader.applicationId,
      subjectUserId,
      at,
      resource,
      fields: CONTACT_FIELDS,
    })),
  );
}

const FILTER_NAMES: Record<string, string> = {
  item: 'Item',
  q: 'Query',
  tags: 'Tags',
  'tags.not': 'Tags excluded',
  'order.status': 'Order status',
  'order.date_created.from': 'Created from',
  'order.date_created.to': 'Created to',
  'order.date_closed.from': 'Closed from',
  'order.date_closed.to': 'Closed to',
  'order.date_last_updated.from': 'Updated from',
  'order.date_last_updated.to': 'Updated to',
  'mediations.stage': 'Mediation stage',
  'mediations.status': 'Mediation status',
  'feedback.status': 'Feedback status',
  'feedback.sale.rating': 'Sale rating',
  'feedback.purchase.rating': 'Purchase rating',
  'feedback.sale.fulfilled': 'Sale fulfilled',
  'feedback.purchase.fulfilled': 'Purchase fulfilled',
  'delivery.case': 'Delivery case',
};

/** The filters applied, in the platform's `{id, name, type, values}` form. */
function appliedFilters(raw: Record<string, string>) {
  return Object.entries(FILTER_NAMES)
    .filter(([id]) => raw[id] !== undefined)
    .map(([id, name]) => ({
      id,
      name,
      type: id.endsWith('fulfilled') ? 'boolean' : 'text',
      values: (id === 'q' || id === 'item' || id.includes('date') ? [raw[id]!] : raw[id]!.split(',')).map(
        (v) => ({ id: v, name: v }),
      ),
    }));
}

export function orderRoutes(ctx: ApiContext) {
  const app = new Hono<ApiEnv>();
  const searchPages = createAnswerCache<{ body: Joined; disclosed: number[] }>({
    entries: 500,
    bytes: 32 * 1024 * 1024,
    sizeOf: (page) => page.body.length + 8 * page.disclosed.length,
  });

  app.get('/orders/search', async (c) => {
    const caller = requireCaller(c.get('caller'));
    const raw = c.req.query();
    const parsed = orderSearchParamsSchema.safeParse(raw);
    if (!parsed.success) {
      throw badRequest(
        parsed.error.issues[0]?.message ?? 'invalid search parameters',
        parsed.error.issues.map((i) => ({ code: 'invalid_parameter', message: i.message })),
      );
    }
    const q: OrderQuery = parsed.data;
    if (raw['caller.id'] !== undefined && raw['caller.id'] !== String(caller.userId)) {
      throw new ApiError('caller.id.invalid');
    }
    // The account's own token costs no query; a team member's rights are looked up (decision 0100).
    const reader =
      q.userId === caller.userId
        ? asOwner(caller)
        : await actFor(ctx, caller, q.userId, 'orders.read', () => new ApiError('caller.id.invalid'));
    // Asked again by the same reader while nothing changed, the page is known to the byte (decision 0087); the
    // people it discloses are logged again, as every read is.
    const changeCount = c.get('changeCount');
    await ctx.parties.sync();
    const url = c.req.url;
    const pageKey = `${reader.userId} ${reader.personalData} ${url.slice(url.indexOf('?'))}`;
    const known = changeCount === undefined ? undefined : searchPages.get(pageKey, changeCount);
    if (known) {
      await logContactReads(ctx, reader, known.disclosed, 'GET /orders/search');
      return c.body(known.body, 200, JSON_TYPE);
    }
    const [rows, total] = await Promise.all([
      ctx.orders.search(q, changeCount),
      ctx.orders.count(q, changeCount),
    ]);
    const sort = ORDER_SORTS.find((s) => s.id === q.sort)!;
    const out: Uint8Array[] = [bytes(`{"query":${JSON.stringify(raw.q ?? null)},"results":[`)];
    const missing: OrderMember[] = [];
    const disclosed: number[] = [];
    for (const [i, row] of rows.entries()) {
      if (i > 0) out.push(KEY.comma);
      // Fifty orders a page: when both cards are in memory, join them without a single await.
      if (!searchFromMemory(ctx, row, reader, out, disclosed)) {
        await composeOrder(ctx, row, reader, 'search', false, out, missing, disclosed);
      }
    }
    await logContactReads(ctx, reader, disclosed, 'GET /orders/search');
    out.push(
      bytes(
        `],"sort":${JSON.stringify(sort)},"available_sorts":${JSON.stringify(ORDER_SORTS.filter((s) => s.id !== q.sort))},` +
          `"filters":${JSON.stringify(appliedFilters(raw))},` +
          `"paging":{"total":${total},"offset":${q.offset},"limit":${q.limit}},"display":"complete"}`,
      ),
    );
    const body = Buffer.concat(out);
    if (changeCount !== undefined && !ctx.faults.failMember) {
      searchPages.set(pageKey, changeCount, { body, disclosed });
    }
    return c.body(body, 200, JSON_TYPE);
  });

  app.get('/orders', () => {
    throw new ApiError('empty_order_id');
  });
  app.get('/orders/', () => {
    throw new ApiError('empty_order_id');
  });

  app.get('/orders/:id', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    // Served from memory when nothing changed since (decision 0087): no query and no wait but the access log's.
    await ctx.parties.sync();
    const found = ctx.orders.findForRead(id, c.get('changeCount'));
    const row = found instanceof Promise ? await found : found;
    if (!row) throw new ApiError('order_not_found');
    const reader = asParty(caller, row) ?? (await actOnOrder(ctx, caller, row, 'orders.read'));
    const legacy = c.req.header('x-format-new') !== 'true';
    const disclosed: number[] = [];
    const joined = legacy ? undefined : singleFromMemory(ctx, row, reader, disclosed);
    if (joined) {
      if (disclosed.length > 0) await logContactReads(ctx, reader, disclosed, 'GET /orders/{order_id}');
      return c.body(joined, 200, JSON_TYPE);
    }
    const out: Uint8Array[] = [];
    const missing: OrderMember[] = [];
    await composeOrder(ctx, row, reader, 'single', legacy, out, missing, disclosed);
    await logContactReads(ctx, reader, disclosed, 'GET /orders/{order_id}');
    const body = Buffer.concat(out);
    if (missing.length === 0) return c.body(body, 200, JSON_TYPE);
    return c.body(body, 206, { ...JSON_TYPE, 'X-Content-Missing': missing.join(',') });
  });

  app.get('/orders/:id/product', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    const owners = await ctx.orders.owners(id);
    if (!owners) throw new ApiError('order_not_found');
    await actOnOrder(ctx, caller, owners, 'orders.read');
    return c.body(`{"attributes":${await ctx.orders.product(id)}}`, 200, JSON_TYPE);
  });

  app.get('/orders/:id/discounts', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    const owners = await ctx.orders.owners(id);
    if (!owners) throw new ApiError('order_not_found');
    await actOnOrder(ctx, caller, owners, 'orders.read');
    return c.body(`{"details":${await ctx.orders.discounts(id)}}`, 200, JSON_TYPE);
  });

  return app;
}

const orderAttributes: Record<string, string> = {
  id: 'Unique order identifier.',
  status:
    'Order status: confirmed, payment_required, payment_in_process, partially_paid, paid, cancelled, invalid.',
  status_detail: 'Status detail with code and description.',
  date_created: 'Creation date.',
  date_closed: 'Confirmation date, set when the order is first confirmed or paid.',
  expiration_date: 'Deadline to qualify; then feedback becomes visible and payments are released.',
  last_updated: 'Last update.',
  date_last_updated: 'Last update.',
  order_items: 'Items of the order.',
  total_amount: 'Total invoice amount.',
  paid_amount: 'Amount paid, including shipping when paid.',
  currency_id: 'ISO currency id.',
  buyer: 'Buyer: id (a string here), nickname and, when visible to the caller, names and phones.',
  seller: 'Seller: id (a string here), nickname and, when visible to the caller, names and phones.',
  payments: 'Payments (short form).',
  feedback: 'purchase and sale feedback, each nullable.',
  context: 'channel, site and flows of the order creation.',
  shipping: 'id of the shipment.',
  tags: 'Tags of the order.',
  taxes: 'amount and currency_id of taxes to pay.',
  cancel_detail: 'group, code, description, requested_by, date and application_id of a cancellation.',
  fulfilled: 'Fulfilment flag.',
  buying_mode: 'buy_equals_pay.',
  coupon: 'id and amount of a coupon.',
  shipping_cost: 'Shipping cost paid by the buyer.',
  mediations: 'Mediations of the order.',
};

export const orderResources: ResourceDescription[] = [
  {
    path: '/orders/search',
    name: 'Order search',
    description:
      'Orders of a seller or a buyer, filtered, sorted and paged. The caller must be that seller or buyer, or ' +
      'an operator of that account with orders.read.',
    attributes: {
      query: 'The q value.',
      results: 'Orders (search form: buyer and seller ids are integers, payments in full).',
      sort: 'Applied sort.',
      available_sorts: 'Other sorts.',
      filters: 'Applied filters.',
      paging: 'total, offset and limit.',
      display: 'complete.',
    },
    methods: [
      {
        method: 'GET',
        example: '/orders/search?seller=123456789&order.status=paid&sort=date_desc',
        description: 'Search orders. One of seller or buyer is required and must be the caller.',
        query: {
          seller: 'Seller id.',
          buyer: 'Buyer id.',
          item: 'Item id or title.',
          q: 'Order id, item id, item title or the counterpart nickname.',
          tags: 'Comma-separated tags the orders carry.',
          'tags.not': 'Comma-separated tags the orders do not carry.',
          'order.status': 'Comma-separated statuses.',
          'order.date_created.from': 'Timestamp.',
          'order.date_created.to': 'Timestamp.',
          'order.date_closed.from': 'Timestamp.',
          'order.date_closed.to': 'Timestamp.',
          'order.date_last_updated.from': 'Timestamp.',
          'order.date_last_updated.to': 'Timestamp.',
          'mediations.stage': 'Comma-separated mediation stages.',
          'mediations.status': 'Comma-separated mediation statuses.',
          'feedback.status': 'pending, waiting_seller, waiting_buyer, complete.',
          'feedback.sale.rating': 'positive, neutral, negative.',
          'feedback.purchase.rating': 'positive, neutral, negative.',
          'feedback.sale.fulfilled': 'true or false.',
          'feedback.purchase.fulfilled': 'true or false.',
          'delivery.case':
            'Ours (docs/decisions/0093): comma-separated rows of spec 1’s delivery table: own_with_evidence, ' +
            'own_without_evidence, platform_not_shipped, platform_shipped.',
          sort: 'date_asc (default) or date_desc.',
          offset: 'Default 0.',
          limit: 'Default 50, at most 51.',
        },
        response: orderSearchEnvelopeSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
  {
    path: '/orders/{order_id}',
    name: 'Order',
    description:
      "One order, for its seller or buyer, or an operator of either with orders.read (the counterpart's names " +
      'and phones only with buyers.personal_data.read).',
    attributes: orderAttributes,
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012',
        description: 'Read an order. 206 with X-Content-Missing when members could not be loaded.',
        headers: { 'x-format-new': 'true selects the new format (shipping as {id}).' },
        response: orderSchema,
        auth: 'required',
      },
    ],
    related_resources: [
      '/orders/{order_id}/product',
      '/orders/{order_id}/discounts',
      '/shipments/{shipping_id}',
    ],
    connections: {
      product: '/orders/{order_id}/product',
      discounts: '/orders/{order_id}/discounts',
      shipment: '/shipments/{shipping_id}',
    },
  },
  {
    path: '/orders/{order_id}/product',
    name: 'Order product',
    description: 'Product attributes recorded with the order (serial numbers, IMEI, dates).',
    attributes: { attributes: 'Array of {name, value, id}.' },
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012/product',
        description: 'Read the product attributes of an order.',
        response: orderProductSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
  {
    path: '/orders/{order_id}/discounts',
    name: 'Order discounts',
    description: 'Coupons, discounts and cashback applied to the order, with the part borne by the seller.',
    attributes: { details: 'Array of coupon, discount and cashback entries.' },
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012/discounts',
        description: 'Read the discounts of an order.',
        response: orderDiscountsSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
];
