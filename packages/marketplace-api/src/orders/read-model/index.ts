import { ORDER_SORTS } from '@mostrador/contracts';
import { VersionedCache } from '@mostrador/server-kit/store';
import type { Store } from '../../db/store.ts';
import type { Clock } from '../../domain/time.ts';
import type { ShipmentRepository } from '../../shipments/shipment-repository.ts';
import type { AccessLogRepository } from '../../users/access-log-repository.ts';
import type { OrderQuery, OrderReadRow, OrderRepository } from '../order-repository.ts';
import { createOrderDocuments } from './order-documents.ts';
import { createPartyCards, type PartyCardCache } from './party-cards.ts';

/** The members of an order that load on their own and may be missing from a 206 answer (spec 4.1). */
export type OrderMember = 'buyer' | 'feedback' | 'mediations' | 'seller' | 'shipping';

/** Who reads, as far as what they may see goes (`http/operator-access.ts` decides it). */
export interface OrderReader {
  userId: number;
  applicationId: number;
  operatorUserId: number | null;
  personalData: boolean;
}

export interface OrderReadModelDeps {
  store: Pick<Store, 'db' | 'keyring' | 'read'>;
  orders: OrderRepository;
  shipments: ShipmentRepository;
  accessLog: AccessLogRepository;
  clock: Clock;
  faults: { failMember?: (member: OrderMember, orderId: number) => boolean };
}

/** What the body builders below read from: the read model's own parts. */
interface Parts {
  /** The legacy form's `shipping` member of a shipment: from memory at the same change sequence, else read and kept. */
  legacyShipping: (shippingId: number) => Buffer | Promise<Buffer>;
  /** The member when it is in memory and still true now, else undefined. */
  legacyShippingInMemory: (shippingId: number) => Buffer | undefined;
  parties: PartyCardCache;
  faults: OrderReadModelDeps['faults'];
}

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

/** The legacy form's `shipping` member: a summary of the shipment, read from the store. */
async function legacyShipping(shipments: ShipmentRepository, shippingId: number): Promise<Buffer> {
  const shipment = await shipments.find(shippingId);
  if (!shipment) throw new Error('shipment missing');
  return legacySummary(shipment.doc);
}

/** The legacy form's `shipping` member from the shipment's stored document. */
function legacySummary(doc: string): Buffer {
  const s = JSON.parse(doc);
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

/**
 * The stored document with its members, up to but without its parties: the order's own part of either form, with
 * the new form's `shipping` unless another is given (the legacy one).
 */
function documentChunks(row: OrderReadRow, payments: Uint8Array, shipping?: Uint8Array): Uint8Array[] {
  return [
    row.doc.subarray(0, row.doc.length - 1),
    KEY.payments,
    payments,
    KEY.feedback,
    row.feedback_doc,
    KEY.shipping,
    shipping ?? (row.shipping_id === null ? KEY.noShipment : bytes(`{"id":${Number(row.shipping_id)}}`)),
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
  ctx: Parts,
  row: OrderReadRow,
  reader: OrderReader,
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
  ctx: Parts,
  row: OrderReadRow,
  reader: OrderReader,
  out: Uint8Array[],
  disclosed: number[],
): boolean {
  const cards = cardsFromMemory(ctx, row, reader, 'search', disclosed);
  if (!cards) return false;
  out.push(searchPrefix(row), KEY.buyer, cards.buyer, KEY.seller, cards.seller, KEY.end);
  return true;
}

/**
 * Single-form bodies already joined, per cached document, with the two cards and, in the legacy form, the shipping
 * member they were joined with.
 */
type Joined = ReturnType<typeof Buffer.concat>;
const singleBodies = new WeakMap<
  OrderReadRow,
  { buyer: Buffer; seller: Buffer; shipping: Buffer | undefined; body: Joined }[]
>();

/**
 * The single form of an order when both party cards are in memory, and in the legacy form its shipping member too:
 * joined once per document, pair of cards and shipping member (each changes identity when what it shows changes);
 * undefined otherwise, for `composeOrder`.
 */
function singleFromMemory(
  ctx: Parts,
  row: OrderReadRow,
  reader: OrderReader,
  legacy: boolean,
  disclosed: number[],
): Joined | undefined {
  let shipping: Buffer | undefined;
  if (legacy) {
    shipping =
      row.shipping_id === null ? KEY.noShipment : ctx.legacyShippingInMemory(Number(row.shipping_id));
    if (!shipping) return undefined;
  }
  const cards = cardsFromMemory(ctx, row, reader, 'single', disclosed);
  if (!cards) return undefined;
  const { buyer, seller } = cards;
  let joined = singleBodies.get(row);
  const hit = joined?.find((j) => j.buyer === buyer && j.seller === seller && j.shipping === shipping);
  if (hit) return hit.body;
  const body = Buffer.concat([
    ...documentChunks(row, row.payments_short, shipping),
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
  joined.push({ buyer, seller, shipping, body });
  return body;
}

/**
 * Joins the stored document with its members, as byte chunks pushed onto `out`. A member that fails to load is
 * returned empty and named in `missing` (spec 4.1's 206). Cached members cost no wait; only a party card missing
 * from memory or the legacy shipment is awaited. Search results, which never answer 206, join a prefix prepared
 * once per document with the two party cards.
 */
async function composeOrder(
  ctx: Parts,
  row: OrderReadRow,
  reader: OrderReader,
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
          ? ctx.legacyShipping(shippingId)
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

/**
 * One insert per read (one statement for a whole search page), awaited so no disclosure goes unlogged. `subjects`
 * may name a person twice unless `unique` says they were made unique already (a search page kept for next time).
 */
function logContactReads(
  deps: OrderReadModelDeps,
  reader: OrderReader,
  subjects: number[],
  resource: string,
  unique = false,
): Promise<void> {
  if (subjects.length === 0) return Promise.resolve();
  const at = deps.clock().getTime();
  return deps.accessLog.record(
    (unique || subjects.length === 1 ? subjects : [...new Set(subjects)]).map((subjectUserId) => ({
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

/**
 * The order read model: everything kept or joined in advance to make order reads and searches fast lives here,
 * behind `findOrder`, `orderBody` and `searchOrders`. Each takes `at`, the request's reading of the store's change
 * sequence (decision 0240): what was kept at the same reading is served as it is; after any change, what it depends on
 * is checked again (order versions, the users changed since, in `read_model_changes`). No other layer knows a cache
 * exists.
 */
export function createOrderReadModel(deps: OrderReadModelDeps) {
  const { store } = deps;
  const parties = createPartyCards(store.db, store.keyring, store.read ? { read: store.read } : {});
  // The legacy form's shipping members, each kept at the change sequence at which its shipment was read.
  const legacyShippings = new VersionedCache<number, Buffer>({
    entries: 20_000,
    bytes: 8 * 1024 * 1024,
    sizeOf: (member) => member.length,
  });
  const partsAt = (at: number): Parts => ({
    legacyShipping: (shippingId) =>
      legacyShippings.through(shippingId, at, () => legacyShipping(deps.shipments, shippingId)),
    legacyShippingInMemory: (shippingId) => legacyShippings.get(shippingId, at),
    parties,
    faults: deps.faults,
  });
  const documents = createOrderDocuments(deps.orders);
  const searchPages = new VersionedCache<string, { body: Joined; disclosed: number[] }>({
    entries: 500,
    bytes: 32 * 1024 * 1024,
    sizeOf: (page) => page.body.length + 8 * page.disclosed.length,
  });

  return {
    /** The order's stored document and members as of `at`, for `orderBody`; undefined when there is no such order. */
    async findOrder(id: number, at: number): Promise<OrderReadRow | undefined> {
      await parties.sync(at);
      return documents.find(id, at);
    },

    /**
     * The single form of an order as this reader may see it, in the new format or the legacy one; members that
     * failed to load are named in `missing` (206). The counterparts whose names and phones it shows are logged.
     */
    async orderBody(
      row: OrderReadRow,
      reader: OrderReader,
      legacy: boolean,
      at: number,
      /** Members to answer as failed (the local-use request header of decision 0137). */
      failed?: ReadonlySet<OrderMember>,
    ): Promise<{ body: Joined; missing: OrderMember[] }> {
      const disclosed: number[] = [];
      let from = partsAt(at);
      if (failed) {
        const own = from.faults.failMember;
        from = {
          ...from,
          faults: { failMember: (m: OrderMember, id: number) => failed.has(m) || (own?.(m, id) ?? false) },
        };
      }
      const joined = failed ? undefined : singleFromMemory(from, row, reader, legacy, disclosed);
      if (joined) {
        await logContactReads(deps, reader, disclosed, 'GET /orders/{order_id}');
        return { body: joined, missing: [] };
      }
      const out: Uint8Array[] = [];
      const missing: OrderMember[] = [];
      await composeOrder(from, row, reader, 'single', legacy, out, missing, disclosed);
      await logContactReads(deps, reader, disclosed, 'GET /orders/{order_id}');
      return { body: Buffer.concat(out), missing };
    },

    /**
     * A page of `GET /orders/search` for this reader as of `at`: `raw` are the request's parameters and
     * `queryString` its query as sent (the key of a page asked again at the same sequence). Disclosures are logged
     * each time.
     */
    async searchOrders(
      reader: OrderReader,
      q: OrderQuery,
      raw: Record<string, string>,
      queryString: string,
      at: number,
    ): Promise<Joined> {
      await parties.sync(at);
      const pageKey = `${reader.userId} ${reader.personalData} ${queryString}`;
      const known = searchPages.get(pageKey, at);
      if (known) {
        await logContactReads(deps, reader, known.disclosed, 'GET /orders/search', true);
        return known.body;
      }
      const parts = partsAt(at);
      const [rows, total] = await Promise.all([documents.search(q, at), documents.count(q, at)]);
      const sort = ORDER_SORTS.find((s) => s.id === q.sort)!;
      const out: Uint8Array[] = [bytes(`{"query":${JSON.stringify(raw.q ?? null)},"results":[`)];
      const missing: OrderMember[] = [];
      const disclosed: number[] = [];
      for (const [i, row] of rows.entries()) {
        if (i > 0) out.push(KEY.comma);
        // Fifty orders a page: when both cards are in memory, join them without a single await.
        if (!searchFromMemory(parts, row, reader, out, disclosed)) {
          await composeOrder(parts, row, reader, 'search', false, out, missing, disclosed);
        }
      }
      await logContactReads(deps, reader, disclosed, 'GET /orders/search');
      out.push(
        bytes(
          `],"sort":${JSON.stringify(sort)},"available_sorts":${JSON.stringify(ORDER_SORTS.filter((s) => s.id !== q.sort))},` +
            `"filters":${JSON.stringify(appliedFilters(raw))},` +
            `"paging":{"total":${total},"offset":${q.offset},"limit":${q.limit}},"display":"complete"}`,
        ),
      );
      const body = Buffer.concat(out);
      if (!deps.faults.failMember) searchPages.set(pageKey, at, { body, disclosed: [...new Set(disclosed)] });
      return body;
    },
  };
}

export type OrderReadModel = ReturnType<typeof createOrderReadModel>;
