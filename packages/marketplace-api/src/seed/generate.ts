import { type DeliveryState, deliveryCase as deliveryCaseOf } from '@mostrador/contracts';
import { blindIndex, type Keyring, sealJson } from '@mostrador/server-kit/store';
import { userAad } from '../crypto/user-aad.ts';
import type {
  BrandsTable,
  CategoriesTable,
  CurrenciesTable,
  FeedbackTable,
  ItemsTable,
  OrderCountsTable,
  OrderDiscountsTable,
  OrderProductTable,
  OrdersTable,
  PaymentMethodsTable,
  PromotionPacksTable,
  ShipmentsTable,
  SitesTable,
  UserBlocksTable,
  UsersTable,
} from '../db/schema.ts';
import { marketplaceFeeMinor, saleFeeMinor } from '../domain/fees.ts';
import { toMajor } from '../domain/money.ts';
import { passTime } from '../domain/order-lifecycle.ts';
import {
  type FeedbackRecord,
  type OrderItemRecord,
  type OrderRecord,
  type PaymentRecord,
  PENDING_PAYMENT_DAYS,
  renderOrderRow,
  timeDue,
} from '../domain/order-record.ts';
import { isoAt } from '../domain/time.ts';
import {
  BuyerTally,
  buyerReputationJson,
  EMPTY_BUYER_REPUTATION,
  EMPTY_SELLER_REPUTATION,
  generateAccountData,
  listingExtras,
  listingPlace,
} from './account-data.ts';
import { Random } from './random.ts';
import { CURRENCIES, NAMES, PRODUCTS, type Product, SITES, type SiteRef } from './reference.ts';
import { generateReviews, type ReviewSeed } from './reviews.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const SPAN = 364 * DAY;

export const DEMO_APPLICATION_ID = 5503910054141466;

export interface SeedOptions {
  orders: number;
  seed: number;
  /** The seed's "now": orders fall in the twelve months before it. Same seed and now, same database. */
  now: number;
  keyring: Keyring;
}

export interface SeedUser {
  id: number;
  nickname: string;
  role: 'seller' | 'buyer';
  site: SiteRef;
}

export interface SeedHeader {
  demoUsers: { id: number; nickname: string; role: 'seller' | 'buyer'; siteId: string }[];
}

/** The currencies and sites: the same for every seed, dated `now`. */
export function referenceRows(now: number): { currencies: CurrenciesTable[]; sites: SitesTable[] } {
  return {
    currencies: CURRENCIES.map(([id, description, symbol, decimal_places, usd_rate], position) => ({
      id,
      description,
      symbol,
      decimal_places,
      usd_rate,
      rate_updated_at: now,
      position,
    })),
    sites: SITES.map((s) => ({
      id: s.id,
      country_id: s.countryId,
      name: s.name,
      currency_id: s.currencyId,
      utc_offset_minutes: s.offsetMinutes,
    })),
  };
}

export interface SeedTail extends ReviewSeed {
  items: ItemsTable[];
  /** In user order, so their key's index takes them at its right edge. */
  countRows: OrderCountsTable[];
  reputation: { id: number; seller_reputation: string }[];
  buyerReputation: { id: number; buyer_reputation: string }[];
  categories: CategoriesTable[];
  paymentMethods: PaymentMethodsTable[];
  brands: BrandsTable[];
  blocks: UserBlocksTable[];
  packs: Omit<PromotionPacksTable, 'id'>[];
}

export interface OrderBatch {
  orders: OrdersTable[];
  shipments: ShipmentsTable[];
  discounts: OrderDiscountsTable[];
  products: OrderProductTable[];
  feedback: FeedbackTable[];
}

const STATUS_WEIGHTS = [
  ['paid', 0.68],
  ['confirmed', 0.03],
  ['payment_required', 0.03],
  ['payment_in_process', 0.03],
  ['partially_paid', 0.015],
  ['cancelled', 0.2],
  ['invalid', 0.01],
  ['manually_cancelled', 0.005],
] as const;
const EVERY_STATUS: readonly string[] = STATUS_WEIGHTS.map(([s]) => s);
const STATUS_INDEX = new Map(EVERY_STATUS.map((s, i) => [s, i]));
/**
 * A user's orders on one side in one status, counted under one number (user id × 16, 8 for the buyer's side, the
 * status's place): two million counts are not two million strings made and hashed.
 */
const countKey = (userId: number, side: string, status: string) =>
  userId * 16 + (side === 'buyer' ? 8 : 0) + STATUS_INDEX.get(status)!;

// The draws of one order, built once: literals inside the per-order code would be allocated a million times.
const LINE_COUNTS = [
  [1, 0.85],
  [2, 0.1],
  [3, 0.05],
] as const;
const QUANTITIES = [
  [1, 0.8],
  [2, 0.12],
  [3, 0.05],
  [5, 0.03],
] as const;
const SHIPPING_MODES = [
  ['me2', 0.88],
  ['custom', 0.08],
  ['not_specified', 0.04],
] as const;
const PAID_STATUSES = new Set(['paid', 'partially_paid']);
const INSTALLMENTS = [1, 1, 3, 6, 12];
const IN_PROCESS_DETAILS = ['pending_contingency', 'pending_review_manual'];
const DISCOUNT_KINDS: readonly (readonly [readonly ('discount' | 'coupon' | 'cashback')[], number])[] = [
  [['discount'], 0.45],
  [['coupon'], 0.25],
  [['cashback'], 0.12],
  [['coupon', 'discount'], 0.1],
  [['discount', 'cashback'], 0.05],
  [['coupon', 'discount', 'cashback'], 0.03],
] as const;
const SELLER_SHARES = [0, 0.5, 1];
const OPEN_SHIP_STATUSES = ['handling', 'ready_to_ship', 'shipped'];
const LOGISTIC_TYPES = ['drop_off', 'xd_drop_off', 'cross_docking', 'fulfillment'];
const SHIPPING_METHODS = {
  es: [
    { id: 73328, name: 'Normal a domicilio', type: 'standard' },
    { id: 504945, name: 'Prioritario a domicilio', type: 'express' },
    { id: 182, name: 'Expreso', type: 'express' },
  ],
  pt: [
    { id: 73328, name: 'Normal a domicilio', type: 'standard' },
    { id: 504945, name: 'Prioritario a domicilio', type: 'express' },
    { id: 182, name: 'Expresso', type: 'express' },
  ],
};
const RATINGS = [
  ['positive', 0.86],
  ['neutral', 0.09],
  ['negative', 0.05],
] as const;
const FEEDBACK_COMMENTS = {
  positive: ['Excelente vendedor, todo perfecto.', 'Llegó rápido y bien embalado.', 'Recomendado 100%.'],
  neutral: ['Demoró un poco pero llegó.', 'El producto está bien.'],
  negative: ['El producto llegó dañado.', 'No coincide con la publicación.'],
};
const FEEDBACK_REASONS = ['THEY_DIDNT_ANSWER', 'PRODUCT_DAMAGED', 'DIFFERENT_PRODUCT'];
const INVALID_REASONS: readonly (readonly [string, string, string, string])[] = [
  ['fraud', 'fraud_malicious_buyer', 'Malicious buyer', 'platform'],
];
const CANCEL_REASONS: readonly (readonly [string, string, string, string])[] = [
  ['buyer', 'buyer_cancel_purchase', 'Buyer cancelled the purchase', 'buyer'],
  ['seller', 'seller_out_of_stock', 'Seller has no stock', 'seller'],
  ['shipment', 'shipment_not_delivered', 'Shipment was not delivered', 'platform'],
  ['mediations', 'mediation_refund', 'Refunded in a mediation', 'platform'],
  ['item', 'item_removed', 'The item was removed', 'platform'],
];
const MEDIATION_STAGES = ['claim', 'dispute'];
const MEDIATION_STATUSES = ['opened', 'closed'];
const CHANNELS = [
  ['marketplace', 0.84],
  ['shops', 0.08],
  ['proximity', 0.03],
  ['pay-channel', 0.05],
] as const;
const FLOWS: readonly (readonly [readonly string[], number])[] = [
  [[], 0.8],
  [['catalog'], 0.12],
  [['supermarket'], 0.015],
  [['subscription'], 0.01],
  [['reservation'], 0.01],
  [['contract'], 0.01],
  [['3x_campaign'], 0.015],
  [['high_concurrency'], 0.01],
  [['lite'], 0.01],
] as const;
const CROSS_BORDER_FLOWS = ['cbt'] as const;

/** Demo accounts: the simulator drives change through their orders. */
/**
 * The demo accounts live where their names say: the state and city of their address, and the place (a city or a
 * neighborhood of the classified locations) their listings are published in.
 */
interface Home {
  state: string;
  city: string;
  place: string;
}
export const DEMO_SELLERS: { nickname: string; site: string; home: Home }[] = [
  { nickname: 'TIENDA_PALERMO', site: 'MLA', home: { state: 'AR-C', city: 'Palermo', place: 'Palermo' } },
  {
    nickname: 'LOJA_PINHEIROS',
    site: 'MLB',
    home: { state: 'BR-SP', city: 'São Paulo', place: 'Pinheiros' },
  },
  { nickname: 'BAZAR_COYOACAN', site: 'MLM', home: { state: 'MX-CMX', city: 'Coyoacán', place: 'Coyoacán' } },
];
export const DEMO_BUYERS: { nickname: string; site: string; home: Home }[] = [
  {
    nickname: 'COMPRADOR_BELGRANO',
    site: 'MLA',
    home: { state: 'AR-C', city: 'Belgrano', place: 'Belgrano' },
  },
  {
    nickname: 'COMPRADORA_SAMPA',
    site: 'MLB',
    home: { state: 'BR-SP', city: 'São Paulo', place: 'São Paulo' },
  },
  {
    nickname: 'COMPRADOR_POLANCO',
    site: 'MLM',
    home: { state: 'MX-CMX', city: 'Miguel Hidalgo', place: 'Polanco' },
  },
];

const siteById = new Map(SITES.map((s) => [s.id, s]));
const decimalsOf = new Map<string, number>(CURRENCIES.map((c) => [c[0], c[3]]));
const usdRate = new Map<string, number>(CURRENCIES.map((c) => [c[0], c[4]]));
const decimals = (id: string) => decimalsOf.get(id) ?? 2;

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** A price a seller would write: three significant digits, often ending in 99. */
function nicePrice(r: Random, usd: number, currencyId: string): number {
  const major = usd * (usdRate.get(currencyId) ?? 1) * (0.85 + r.next() * 0.35);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(major)) - 2);
  let rounded = Math.max(magnitude, Math.round(major / magnitude) * magnitude);
  if (magnitude >= 10 && r.chance(0.6)) rounded -= 1;
  return Math.round(rounded * 10 ** decimals(currencyId));
}

/** Orders generated from one random stream: chunk `c` always holds the same orders, whoever generates it. */
export const CHUNK_ORDERS = 2_000;

/** How many chunks `orders` orders make. */
export const chunkCountOf = (orders: number) => Math.ceil(orders / CHUNK_ORDERS);

/** The random stream of one chunk of orders, derived from the seed and the chunk's number. */
const chunkSeed = (seed: number, chunk: number) =>
  (Math.imul(seed ^ 0x9e37_79b9, 0x85eb_ca6b) + chunk * 0x27d4_eb2f) >>> 0;

export interface ChunkStats {
  /** Orders per user, side and status, keyed as `countKey` packs them. */
  counts: [number, number][];
  ratings: [number, number, number, number][];
  tallies: [number, number, number, number, number][];
  sold: [string, number][];
}

/** A user's personal data before it is sealed, column by column. */
interface Personal {
  first: string;
  last: string;
  email: string;
  phone: unknown;
  alt: unknown;
  identification: unknown;
  address: unknown;
}

/**
 * A seller's listing, with the fields every order of it reads in an object of one shape: the rows themselves are
 * spread from two objects with optional values, and reading them in the order loop missed V8's property caches.
 */
interface SellerItem {
  row: ItemsTable;
  product: Product;
  sale: Pick<ItemsTable, 'id' | 'title' | 'category_id' | 'condition' | 'price_minor' | 'listing_type_id'>;
}

export function createSeedGenerator(opts: SeedOptions) {
  // The world (users, items) comes from the seed's own stream; each chunk of orders from a stream of its own, so
  // chunks can be generated in any order, by several workers, with the same result.
  let r = new Random(opts.seed);
  // The orders span the 364 days before `now` (the start of the seed's day), so the 12-month retention (spec 8) keeps
  // every one of them until the day after the seed: a server started on the seed's day purges none.
  const start = opts.now - SPAN;
  const sellerCount = Math.max(4, Math.round(opts.orders / 400));
  const buyerCount = Math.max(8, Math.round(opts.orders / 15));

  const users: SeedUser[] = [];
  // Each user's row and personal data as JSON until `sealUsers`, then joined into one string: a single object on the
  // heap, which costs the collector nothing while the orders are generated.
  let drafts: string[] = [];
  const brandSellers = new Set<number>();
  let nextUserId = 100_000_000;

  function sealedUser(row: UsersTable, p: Personal): UsersTable {
    const seal = (column: string, value: unknown) => sealJson(opts.keyring, value, userAad(row.id, column));
    return {
      ...row,
      first_name_enc: seal('first_name', p.first),
      last_name_enc: seal('last_name', p.last),
      email_enc: seal('email', p.email),
      email_bidx: blindIndex(opts.keyring, p.email),
      phone_enc: seal('phone', p.phone),
      alternative_phone_enc: seal('alternative_phone', p.alt),
      identification_enc: seal('identification', p.identification),
      address_enc: seal('address', p.address),
    };
  }

  const placeOf = new Map<number, string>();
  function makeUser(role: 'seller' | 'buyer', site: SiteRef, fixedNickname?: string, home?: Home): SeedUser {
    const id = nextUserId + r.int(1, 9_000);
    nextUserId = id;
    const names = NAMES[site.lang];
    const first = r.pick(names.first);
    const last = r.pick(names.last);
    const nickname =
      fixedNickname ??
      (role === 'seller'
        ? `${r.pick(names.shop)}${ascii(last).slice(0, 6)}_${site.countryId}${users.length}`
        : `${ascii(first)}${ascii(last)}${users.length}`);
    // A fixed home still takes its draws, so every user after it stays the same.
    const drawnState = r.pick(site.states);
    const drawnCity = r.pick(drawnState.cities);
    const state = home ? site.states.find((st) => st.id === home.state)! : drawnState;
    const city = home?.city ?? drawnCity;
    placeOf.set(id, home?.place ?? city);
    const email = `${ascii(first).toLowerCase()}.${ascii(last).toLowerCase()}.${id}@example.com`;
    const phone = {
      area_code: r.pick(site.phone.area),
      number: r.digits(site.phone.digits),
      extension: '',
      verified: r.chance(0.7),
    };
    const alt = r.chance(0.3)
      ? { area_code: r.pick(site.phone.area), number: r.digits(site.phone.digits), extension: '' }
      : { area_code: '', number: '', extension: '' };
    const registration = start - r.int(30, 3000) * DAY;
    const row: UsersTable = {
      id,
      nickname,
      site_id: site.id,
      country_id: site.countryId,
      registration_date: registration,
      user_type: role === 'seller' && r.chance(0.1) ? 'brand' : 'normal',
      points: r.int(0, 500),
      tags: JSON.stringify(
        role === 'seller' ? ['normal', 'user_info_verified', 'credits_profile'] : ['normal'],
      ),
      logo: null,
      first_name_enc: null,
      last_name_enc: null,
      email_enc: null,
      email_bidx: null,
      phone_enc: null,
      alternative_phone_enc: null,
      identification_enc: null,
      address_enc: null,
      address_state: state.id,
      address_city: city,
      seller_reputation: EMPTY_SELLER_REPUTATION,
      buyer_reputation: EMPTY_BUYER_REPUTATION,
      status: JSON.stringify({ site_status: 'active', immediate_payment: false }),
      credit: JSON.stringify({ consumed: 0, credit_level_id: 'MLA1' }),
      seller_experience: role === 'seller' ? 'ADVANCED' : 'NEWBIE',
    };
    // Sealing is the costly part of a user and draws no randomness: it waits until the rows are written.
    const plain: Personal = {
      first,
      last,
      email,
      phone,
      alt,
      identification: { type: site.document.type, number: r.digits(site.document.digits) },
      address: { address: `${r.pick(names.street)} ${r.int(100, 4999)}`, zip_code: state.zip(r) },
    };
    if (row.user_type === 'brand') brandSellers.add(id);
    // Every user starts with the same empty reputations: left out of the draft, put back when sealed.
    drafts.push(JSON.stringify([{ ...row, seller_reputation: null, buyer_reputation: null }, plain]));
    const user = { id, nickname, role, site };
    users.push(user);
    return user;
  }

  const pickSite = () => r.weighted(SITES.map((s) => [s, s.share] as const));
  const sellers: SeedUser[] = DEMO_SELLERS.map((d) =>
    makeUser('seller', siteById.get(d.site)!, d.nickname, d.home),
  );
  const buyers: SeedUser[] = DEMO_BUYERS.map((d) =>
    makeUser('buyer', siteById.get(d.site)!, d.nickname, d.home),
  );
  while (sellers.length < sellerCount) sellers.push(makeUser('seller', pickSite()));
  while (buyers.length < buyerCount) buyers.push(makeUser('buyer', pickSite()));
  const draftEnds = new Uint32Array(drafts.length);
  for (let i = 0, at = 0; i < drafts.length; i++) {
    at += drafts[i]!.length;
    draftEnds[i] = at;
  }
  const unsealed = { text: drafts.join(''), ends: draftEnds };
  drafts = [];

  // One seller takes a large share, as on real marketplaces; the rest follow a long tail. Demo sellers two and
  // three sit at the median, so benchmarks can compare a typical seller with the largest.
  const tail = sellers.map((_, i) => 1 / (i + 10) ** 0.8);
  const median = [...tail].sort((a, b) => a - b)[Math.floor(tail.length / 2)]!;
  tail[1] = median;
  tail[2] = median;
  const restTotal = tail.reduce((a, b, i) => (i === 0 ? a : a + b), 0);
  tail[0] = sellers.length > 3 ? (restTotal * 0.05) / 0.95 : tail[0]!;
  const cumulative: number[] = [];
  tail.reduce((acc, w, i) => {
    cumulative[i] = acc + w;
    return acc + w;
  }, 0);
  const weightTotal = cumulative[cumulative.length - 1]!;
  function pickSeller(): SeedUser {
    const x = r.next() * weightTotal;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return sellers[lo]!;
  }

  const buyersBySite = new Map<string, SeedUser[]>();
  for (const b of buyers.slice(DEMO_BUYERS.length)) {
    const list = buyersBySite.get(b.site.id) ?? [];
    list.push(b);
    buyersBySite.set(b.site.id, list);
  }

  // Listing details come from their own stream: drawing them from `r` would change every order after them.
  const extra = new Random(opts.seed ^ 0x5eed_1157);
  const brandStores = new Map<number, number>();
  let nextStoreId = 1_000;
  for (const s of sellers) {
    if (!brandSellers.has(s.id)) continue;
    nextStoreId += extra.int(1, 40);
    brandStores.set(s.id, nextStoreId);
  }

  // Items: each seller lists a handful of products at its own prices.
  const items: ItemsTable[] = [];
  const itemsBySeller = new Map<number, SellerItem[]>();
  let nextItemNumber = 800_000_000;
  for (const [i, seller] of sellers.entries()) {
    const expected = (tail[i]! / weightTotal) * opts.orders;
    const count = Math.max(4, Math.min(120, Math.round(expected / 40)));
    const list: SellerItem[] = [];
    for (let k = 0; k < count; k++) {
      const product = r.pick(PRODUCTS);
      nextItemNumber += r.int(1, 50_000);
      const base = {
        id: `${seller.site.id}${nextItemNumber}`,
        site_id: seller.site.id,
        seller_id: seller.id,
        title: seller.site.lang === 'pt' ? product.pt : product.es,
        category_id: `${seller.site.id}${product.category}`,
        condition: r.chance(0.93) ? 'new' : 'used',
        listing_type_id: r.weighted([
          ['gold_special', 0.6],
          ['gold_pro', 0.35],
          ['free', 0.05],
        ]),
        currency_id: seller.site.currencyId,
        price_minor: nicePrice(r, product.usd, seller.site.currencyId),
        available_quantity: r.int(0, 250),
        sold_quantity: 0,
        date_created: start - r.int(1, 400) * DAY,
      };
      const row: ItemsTable = {
        ...base,
        ...listingExtras(extra, {
          itemId: base.id,
          siteId: seller.site.id,
          priceMinor: base.price_minor,
          place: listingPlace(seller.site.countryId, placeOf.get(seller.id)!),
          officialStoreId: brandStores.get(seller.id) ?? null,
          listedAt: base.date_created,
        }),
      };
      items.push(row);
      list.push({
        row,
        product,
        sale: {
          id: row.id,
          title: row.title,
          category_id: row.category_id,
          condition: row.condition,
          price_minor: row.price_minor,
          listing_type_id: row.listing_type_id,
        },
      });
    }
    itemsBySeller.set(seller.id, list);
  }

  // Totals over every chunk absorbed so far, and the running figures of the chunk being generated.
  const counts = new Map<number, number>();
  const ratingsBySeller = new Map<number, { positive: number; neutral: number; negative: number }>();
  const buyerTallies = new Map<number, BuyerTally>();
  const itemById = new Map(items.map((i) => [i.id, i]));
  let chunkCounts = new Map<number, number>();
  let chunkRatings = new Map<number, { positive: number; neutral: number; negative: number }>();
  let chunkTallies = new Map<number, BuyerTally>();
  let chunkSold = new Map<string, number>();
  const bump = (userId: number, side: string, status: string) => {
    const key = countKey(userId, side, status);
    chunkCounts.set(key, (chunkCounts.get(key) ?? 0) + 1);
  };
  const tallyOf = (id: number) => {
    let t = chunkTallies.get(id);
    if (!t) {
      t = new BuyerTally();
      chunkTallies.set(id, t);
    }
    return t;
  };

  // Every demo buyer has orders with every demo seller, in every status, spread over the year.
  const forced: { seller: SeedUser; buyer: SeedUser; status: string }[] = [];
  for (const s of sellers.slice(0, 3))
    for (const b of buyers.slice(0, 3))
      for (const status of EVERY_STATUS) forced.push({ seller: s, buyer: b, status });
  const forcedStride = Math.max(1, Math.floor(opts.orders / (forced.length + 1)));

  // cancel_detail of the sales the seed settles by spec 1's table (domain/delivery.ts writes the same).
  const SETTLED_DETAIL = {
    carrier_return: [
      'delivery',
      'carrier_return',
      'Cancelled by the seller after shipping; the carrier returns the item',
      'seller',
    ],
    chargeback_carrier_return: [
      'delivery',
      'chargeback_carrier_return',
      'Buyer’s chargeback after shipping; the carrier returns the item to the seller',
      'buyer',
    ],
    chargeback_not_shipped: [
      'buyer',
      'chargeback_not_shipped',
      'Buyer’s chargeback before shipping; the sale is cancelled',
      'buyer',
    ],
    chargeback_not_delivered: [
      'buyer',
      'chargeback_not_delivered',
      'Buyer’s chargeback; no evidence of delivery, the seller refunds',
      'buyer',
    ],
  } as const;

  // Ids grow with the order's place in the year, with random gaps, and never depend on another chunk.
  const ORDER_BASE = 2_000_008_000_000_000;
  const SHIPMENT_BASE = 44_100_000_000;
  const PAYMENT_BASE = 51_000_000_000;
  const FEEDBACK_BASE = 5_000_000_000;

  /**
   * A second, stateless draw per order for its delivery (docs/decisions/0092-seeded-delivery-cases.md): hashed from
   * the order's place, so adding it left every other generated value as it was.
   */
  const deliveryDraw = (index: number, salt: number) => {
    let x = (index * 0x9e3779b1 + opts.seed * 0x85ebca6b + salt * 0xc2b2ae35) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
    x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
    return ((x ^ (x >>> 16)) >>> 0) / 4_294_967_296;
  };

  function generateOrder(index: number): {
    order: OrderRecord;
    deliveryCase: string;
    shipment: ShipmentsTable | null;
    discounts: unknown[] | null;
    product: unknown[] | null;
  } {
    const forcedPick = index % forcedStride === 0 ? forced[index / forcedStride] : undefined;
    const seller = forcedPick?.seller ?? pickSeller();
    const crossBorder = forcedPick ? forcedPick.buyer.site.id !== seller.site.id : r.chance(0.01);
    const buyer =
      forcedPick?.buyer ??
      r.pick(
        buyersBySite.get(crossBorder ? pickSite().id : seller.site.id) ?? buyers.slice(DEMO_BUYERS.length),
      );
    const status = forcedPick?.status ?? r.weighted(STATUS_WEIGHTS);
    const site = seller.site;
    const currencyId = site.currencyId;
    const d = decimals(currencyId);
    // Orders grow over the year: denser towards now.
    const drawn = Math.floor(start + SPAN * (index / opts.orders) ** 0.77 + r.int(0, 59) * MINUTE);
    // The demo parties' payment in process is recent, so it is still in process (older ones expired, decision 0290).
    const created =
      forcedPick?.status === 'payment_in_process'
        ? opts.now - PENDING_PAYMENT_DAYS * DAY + DAY + ((opts.now - drawn) % DAY)
        : drawn;
    const ageDays = (opts.now - created) / DAY;

    const sellerItems = itemsBySeller.get(seller.id)!;
    const lineCount = r.weighted(LINE_COUNTS);
    const lines: OrderItemRecord[] = [];
    const used = new Set<string>();
    const attributes: { name: string; value: string; id: number }[] = [];
    for (let k = 0; k < lineCount; k++) {
      const { sale: row, product } = r.pick(sellerItems);
      if (used.has(row.id)) continue;
      used.add(row.id);
      const quantity = r.weighted(QUANTITIES);
      // Once whether the line was on sale; the discounts below decide it now (decision 0278), and the draw stays so
      // that every value drawn after it, and so the rest of the data, is what it was.
      r.chance(0.2);
      const unit = row.price_minor;
      chunkSold.set(row.id, (chunkSold.get(row.id) ?? 0) + quantity);
      lines.push({
        itemId: row.id,
        title: row.title,
        categoryId: row.category_id,
        condition: row.condition,
        variationId: product.category === '109027' ? String(170_000_000_000 + r.int(0, 9_999_999)) : null,
        variationAttributes:
          product.category === '109027'
            ? [
                {
                  id: 'SIZE',
                  name: site.lang === 'pt' ? 'Tamanho' : 'Talle',
                  value_id: null,
                  value_name: String(r.int(36, 44)),
                },
              ]
            : [],
        sellerSku: r.chance(0.4) ? `SKU-${r.hex(6).toUpperCase()}` : null,
        sellerCustomField: null,
        warranty: product.warranty ?? null,
        quantity,
        unitPriceMinor: unit,
        // Raised below when a campaign discounted the sale.
        fullUnitPriceMinor: unit,
        saleFeeMinor: saleFeeMinor(unit),
        listingTypeId: row.listing_type_id,
        currencyId,
        manufacturingDays: null,
      });
      if (product.unitAttribute && r.chance(0.7)) {
        for (let u = 0; u < quantity; u++) {
          attributes.push({
            name: product.unitAttribute,
            value:
              product.unitAttribute === 'IMEI' ? r.digits(15) : `${r.hex(4).toUpperCase()}${r.digits(8)}`,
            id: attributes.length + 1,
          });
        }
      }
    }
    if (attributes.length > 0 && r.chance(0.5)) {
      attributes.push({
        name: 'entry_date',
        value: isoAt(created, site.offsetMinutes).slice(0, 10),
        id: attributes.length + 1,
      });
    }
    const total = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);

    // Shipping: most sales use the platform's shipping; the rest are arranged by the seller or agreed.
    const mode = r.weighted(SHIPPING_MODES);
    const freeShipping =
      mode === 'me2' && (total / 10 ** d / (usdRate.get(currencyId) ?? 1) > 30 || r.chance(0.3));
    const listCost = mode === 'me2' ? nicePrice(r, 4 + r.next() * 8, currencyId) : 0;
    const shippingCost = mode === 'me2' && !freeShipping ? listCost : 0;
    const taxes = site.id === 'MLM' || site.id === 'MCO' || r.chance(0.1) ? Math.round(total * 0.03) : null;

    const wasPaid =
      PAID_STATUSES.has(status) ||
      ((status === 'cancelled' || status === 'manually_cancelled') && r.chance(0.5));
    // Spec 3: set on the first change to confirmed or paid; a confirmed order was confirmed when created (0131).
    const dateClosed =
      status === 'paid' || (wasPaid && status !== 'partially_paid')
        ? created + r.int(1, 30) * MINUTE
        : status === 'confirmed'
          ? created
          : null;
    const fraud = status === 'paid' && r.chance(0.006);
    // Cancelled sales that were paid: some settled by spec 1's table (a chargeback, a carrier return).
    const settledDraw = deliveryDraw(index, 1);
    const settled:
      | 'carrier_return'
      | 'chargeback_carrier_return'
      | 'chargeback_not_shipped'
      | 'chargeback_not_delivered'
      | null =
      !wasPaid || (status !== 'cancelled' && status !== 'manually_cancelled')
        ? null
        : mode === 'me2'
          ? settledDraw < 0.15
            ? 'carrier_return'
            : settledDraw < 0.3
              ? 'chargeback_carrier_return'
              : settledDraw < 0.5
                ? 'chargeback_not_shipped'
                : null
          : settledDraw < 0.5
            ? 'chargeback_not_delivered'
            : null;
    const delivered = status === 'paid' && !fraud && ageDays > 6 && r.chance(0.93);

    const [methodId, paymentType] = r.pick(site.paymentMethods);
    const payments: PaymentRecord[] = [];
    const pay = (
      amount: number,
      pStatus: string,
      detail: string,
      approvedAt: number | null,
    ): PaymentRecord => {
      const paymentId = PAYMENT_BASE + index * 1_000 + r.int(1, 999);
      const installments = paymentType === 'credit_card' ? r.pick(INSTALLMENTS) : 1;
      return {
        id: paymentId,
        payerId: buyer.id,
        collectorId: seller.id,
        cardId: paymentType.endsWith('card') ? 200_000_000 + r.int(0, 99_999_999) : null,
        reason: lines[0]!.title,
        paymentMethodId: methodId,
        paymentType,
        operationType: 'regular_payment',
        currencyId,
        installments,
        issuerId: String(paymentType.endsWith('card') ? r.int(1, 1100) : 2005),
        atmTransferReference: {
          company_id: null,
          transaction_id: paymentType === 'ticket' ? r.digits(6) : null,
        },
        couponId: null,
        couponMinor: 0,
        activationUri: null,
        availableActions: pStatus === 'approved' ? ['refund'] : [],
        status: pStatus,
        statusCode: null,
        statusDetail: detail,
        transactionMinor: amount,
        taxesMinor: 0,
        shippingCostMinor: shippingCost,
        overpaidMinor: 0,
        totalPaidMinor: pStatus === 'approved' || pStatus === 'refunded' ? amount : 0,
        marketplaceFeeMinor: marketplaceFeeMinor(lines, amount, due),
        deferredPeriod: null,
        dateApproved: approvedAt,
        dateCreated: created + MINUTE,
        dateLastModified: approvedAt ?? created + 2 * MINUTE,
        authorizationCode: paymentType.endsWith('card') ? r.digits(6) : null,
        transactionOrderId: null,
      };
    };
    const due = total + shippingCost;
    if (status === 'paid') payments.push(pay(due, 'approved', 'accredited', dateClosed));
    else if (status === 'partially_paid') {
      payments.push(pay(Math.round(due * 0.6), 'approved', 'accredited', created + 5 * MINUTE));
    } else if (status === 'payment_in_process') {
      payments.push(pay(due, 'in_process', r.pick(IN_PROCESS_DETAILS), null));
    } else if (status === 'payment_required' && paymentType === 'ticket') {
      payments.push(pay(due, 'pending', 'pending_waiting_payment', null));
    } else if (status === 'cancelled' || status === 'manually_cancelled') {
      if (wasPaid) payments.push({ ...pay(due, 'refunded', 'refunded', dateClosed), availableActions: [] });
      else if (r.chance(0.5)) payments.push(pay(due, 'cancelled', 'expired', null));
    } else if (status === 'invalid') {
      payments.push(pay(due, 'rejected', 'cc_rejected_high_risk', null));
    }
    const paid = payments.filter((p) => p.status === 'approved').reduce((s, p) => s + p.totalPaidMinor, 0);

    // Discounts: coupons, campaign discounts and cashback, sometimes several on one sale.
    let discounts: unknown[] | null = null;
    let coupon: OrderRecord['coupon'] = { id: null, amountMinor: 0 };
    if (r.chance(0.25) && status !== 'invalid') {
      discounts = [];
      const kinds = r.weighted(DISCOUNT_KINDS);
      for (const kind of kinds) {
        const share = kind === 'cashback' ? 0.03 : kind === 'coupon' ? 0.1 : 0.15;
        const sellerPart = kind === 'discount' ? r.pick(SELLER_SHARES) : 0;
        const entries = lines.map((l, i) => {
          const amount = Math.round(l.unitPriceMinor * l.quantity * share);
          return {
            ...(kind === 'cashback' ? { element_id: i + 1 } : {}),
            id: l.itemId,
            quantity: l.quantity,
            amounts: { total: toMajor(amount, d), seller: toMajor(Math.round(amount * sellerPart), d) },
          };
        });
        if (kind === 'coupon') {
          const id = 500_000_000 + r.int(0, 99_999_999);
          coupon = {
            id,
            amountMinor: lines.reduce((s, l) => s + Math.round(l.unitPriceMinor * l.quantity * share), 0),
          };
          discounts.push({
            type: 'coupon',
            coupon: { id },
            supplier: { meli_campaign: `P-${site.id}${r.digits(7)}` },
            items: entries,
          });
        } else if (kind === 'discount') {
          // A campaign lowered the price: the full price is the one before it, the difference its amount.
          for (const line of lines) line.fullUnitPriceMinor = Math.round(line.unitPriceMinor * (1 + share));
          discounts.push({
            type: 'discount',
            supplier: {
              offer_id: `${lines[0]!.itemId}-${r.hex(6)}`,
              funding_mode: sellerPart === 1 ? 'seller' : sellerPart > 0 ? 'co_funded' : 'sale_fee',
            },
            items: entries,
          });
        } else {
          discounts.push({
            type: 'cashback',
            items: entries,
            supplier: { campaign_id: String(10_000_000 + r.int(0, 9_999_999)) },
            cashback: { id: r.digits(16) },
            counter_currency: { currency_id: 'MCN', value: Number((r.next() * 40).toFixed(7)) },
          });
        }
      }
    }

    const id = ORDER_BASE + index * 40_000 + r.int(1, 39_999);
    let shipment: ShipmentsTable | null = null;
    let shippingId: number | null = null;
    let delivery: { state: DeliveryState; evidence: boolean } = {
      state: 'not_platform_shipping',
      evidence: false,
    };
    let covered = false;
    if (mode !== 'not_specified') {
      shippingId = SHIPMENT_BASE + index * 500 + r.int(1, 499);
      const shipStatus =
        status === 'cancelled' || status === 'manually_cancelled' || status === 'invalid'
          ? 'cancelled'
          : status !== 'paid'
            ? 'pending'
            : fraud
              ? 'ready_to_ship'
              : delivered
                ? 'delivered'
                : ageDays > 20
                  ? 'not_delivered'
                  : r.pick(OPEN_SHIP_STATUSES);
      const shipUpdated =
        shipStatus === 'delivered' ? created + r.int(2, 6) * DAY : created + r.int(1, 48) * 60 * MINUTE;
      const platform = mode === 'me2';
      const draw = deliveryDraw(index, 2);
      const returning = settled === 'carrier_return' || settled === 'chargeback_carrier_return';
      const state: DeliveryState = returning
        ? ageDays > 10
          ? 'returned'
          : 'returning'
        : shipStatus === 'delivered' || shipStatus === 'not_delivered'
          ? shipStatus
          : !platform
            ? 'not_platform_shipping'
            : shipStatus === 'shipped'
              ? 'shipped'
              : shipStatus === 'cancelled'
                ? 'cancelled'
                : shipStatus === 'ready_to_ship' && draw < 0.5
                  ? 'label_printed'
                  : 'label_not_printed';
      // The carrier's scan proves its deliveries; a seller's own delivery has a receipt, tracking or photo, or none.
      const evidenceKind =
        state !== 'delivered'
          ? null
          : platform
            ? 'carrier_scan'
            : draw < 0.25
              ? 'signed_receipt'
              : draw < 0.5
                ? 'tracking'
                : draw < 0.7
                  ? 'photo'
                  : null;
      delivery = { state, evidence: evidenceKind !== null };
      covered = evidenceKind !== null && !platform && status === 'paid' && deliveryDraw(index, 3) < 0.35;
      const buyerState = r.pick(buyer.site.states);
      const sellerState = r.pick(site.states);
      // Drawn in the order they always were: the logistic type, then the tracking number.
      const logisticType = mode === 'me2' ? r.pick(LOGISTIC_TYPES) : null;
      const trackingNumber =
        mode === 'me2' && shipStatus !== 'pending' ? `${site.countryId}${r.digits(11)}` : null;
      const doc = {
        id: shippingId,
        order_id: id,
        status: returning ? 'not_delivered' : shipStatus,
        substatus: returning
          ? state === 'returned'
            ? 'returned'
            : 'returning_to_sender'
          : shipStatus === 'ready_to_ship'
            ? state === 'label_printed'
              ? 'printed'
              : 'ready_to_print'
            : null,
        mode,
        logistic_type: logisticType,
        date_created: isoAt(created + MINUTE, site.offsetMinutes),
        last_updated: isoAt(Math.min(shipUpdated, opts.now), site.offsetMinutes),
        tracking_number: trackingNumber,
        declared_value: toMajor(total, d),
        dimensions:
          mode === 'me2'
            ? { height: r.int(5, 40), width: r.int(10, 50), length: r.int(10, 60), weight: r.int(200, 9000) }
            : null,
        origin: {
          sender_id: seller.id,
          shipping_address: {
            city: { id: `${sellerState.id}-${r.int(1, 99)}`, name: r.pick(sellerState.cities) },
            state: { id: sellerState.id, name: sellerState.name },
            country: { id: site.countryId, name: site.name },
            zip_code: sellerState.zip(r),
          },
        },
        destination: {
          receiver_id: buyer.id,
          shipping_address: {
            city: { id: `${buyerState.id}-${r.int(1, 99)}`, name: r.pick(buyerState.cities) },
            state: { id: buyerState.id, name: buyerState.name },
            country: { id: buyer.site.countryId, name: buyer.site.name },
            zip_code: buyerState.zip(r),
          },
        },
        lead_time: {
          cost: toMajor(shippingCost, d),
          currency_id: currencyId,
          cost_type: freeShipping ? 'free' : 'charged',
          list_cost: toMajor(listCost, d),
          shipping_method: mode === 'me2' ? r.pick(SHIPPING_METHODS[site.lang === 'pt' ? 'pt' : 'es']) : null,
          estimated_delivery_time: {
            date: mode === 'me2' ? isoAt(created + r.int(2, 7) * DAY, site.offsetMinutes) : null,
            type: 'known',
          },
        },
        tags: delivered ? ['delivered'] : [],
      };
      shipment = {
        id: shippingId,
        order_id: id,
        seller_id: seller.id,
        buyer_id: buyer.id,
        status: shipStatus,
        mode,
        currency_id: currencyId,
        cost_minor: shippingCost,
        list_cost_minor: listCost,
        date_created: created + MINUTE,
        last_updated: Math.min(shipUpdated, opts.now),
        doc: JSON.stringify(doc),
        delivery_state: state,
        evidence_kind: evidenceKind,
        evidence_reference:
          evidenceKind === null
            ? null
            : evidenceKind === 'carrier_scan'
              ? (trackingNumber ?? `SHP-${shippingId}`)
              : `${evidenceKind === 'photo' ? 'IMG' : evidenceKind === 'tracking' ? 'TRK' : 'RC'}-${shippingId}`,
        evidence_at: evidenceKind === null ? null : Math.min(shipUpdated, opts.now),
      };
    }

    const feedbackFor = (role: 'sale' | 'purchase'): FeedbackRecord | null => {
      if (!delivered || !r.chance(role === 'purchase' ? 0.7 : 0.6)) return null;
      const rating = r.weighted(RATINGS);
      const fulfilled = rating !== 'negative' || r.chance(0.3);
      const when = created + r.int(3, 12) * DAY;
      const feedbackId = FEEDBACK_BASE + index * 100 + (role === 'sale' ? 50 : 0) + r.int(1, 49);
      const comments = FEEDBACK_COMMENTS[rating];
      return {
        id: feedbackId,
        role,
        fromUserId: role === 'purchase' ? buyer.id : seller.id,
        toUserId: role === 'purchase' ? seller.id : buyer.id,
        fulfilled,
        rating,
        reason: fulfilled ? null : r.pick(FEEDBACK_REASONS),
        message: r.chance(0.6) ? r.pick(comments) : null,
        dateCreated: Math.min(when, opts.now - MINUTE),
        reply: r.chance(0.1) ? '¡Gracias por tu compra!' : null,
        replyDate: null,
      };
    };
    const purchase = feedbackFor('purchase');
    const sale = feedbackFor('sale');
    if (purchase?.reply) purchase.replyDate = purchase.dateCreated + r.int(1, 72) * 60 * MINUTE;
    if (sale?.reply) sale.replyDate = sale.dateCreated + r.int(1, 72) * 60 * MINUTE;
    if (status === 'paid' && !purchase) {
      const units = lines.reduce((n, l) => n + l.quantity, 0);
      tallyOf(buyer.id).unratedPaid(created + 28 * DAY > opts.now, units);
    } else if ((status === 'cancelled' || status === 'manually_cancelled') && wasPaid) {
      tallyOf(buyer.id).canceledPaid++;
    }
    if (purchase) {
      const tally = chunkRatings.get(seller.id) ?? { positive: 0, neutral: 0, negative: 0 };
      tally[purchase.rating]++;
      chunkRatings.set(seller.id, tally);
    }

    const cancelled = status === 'cancelled' || status === 'manually_cancelled' || status === 'invalid';
    const cancelDetail: OrderRecord['cancelDetail'] = cancelled
      ? (() => {
          const reasons = status === 'invalid' ? INVALID_REASONS : CANCEL_REASONS;
          const [group, code, description, by] = settled ? SETTLED_DETAIL[settled] : r.pick(reasons);
          if (settled) r.next();
          return {
            group,
            code,
            description,
            requested_by: by,
            date: created + r.int(1, 96) * 60 * MINUTE,
            application_id: null,
          };
        })()
      : null;

    const mediations =
      status === 'paid' && r.chance(0.015)
        ? [
            {
              id: 5_200_000_000 + r.int(0, 99_999_999),
              stage: r.pick(MEDIATION_STAGES),
              status: r.pick(MEDIATION_STATUSES),
              dateCreated: created + 8 * DAY,
            },
          ]
        : [];
    const channel = r.weighted(CHANNELS);
    const flows: readonly string[] = crossBorder ? CROSS_BORDER_FLOWS : r.weighted(FLOWS);
    const packId = lineCount > 1 && r.chance(0.3) ? 2_000_000_000_000_000 + r.int(0, 999_999_999) : null;
    const tags: string[] = [];
    if (status === 'paid') tags.push('paid');
    if (status === 'paid') tags.push(delivered ? 'delivered' : 'not_delivered');
    if (settled) tags.push('not_delivered');
    if (covered) tags.push('chargeback_covered');
    if (mode === 'not_specified') tags.push('no_shipping');
    if (fraud) tags.push('fraud_risk_detected');
    if (channel === 'shops') tags.push('shops');
    if (discounts) tags.push('order_has_discount');
    if (packId) tags.push('pack_order');
    if (flows.includes('catalog')) tags.push('catalog');
    if (r.chance(0.002)) tags.push('test_order');
    const lastUpdated = Math.min(
      opts.now,
      Math.max(
        created,
        dateClosed ?? 0,
        cancelDetail?.date ?? 0,
        sale?.dateCreated ?? 0,
        purchase?.dateCreated ?? 0,
      ) + (delivered ? r.int(2, 6) * DAY : 0),
    );

    const order: OrderRecord = {
      id,
      siteId: site.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      status,
      statusDetail:
        status === 'invalid' ? { code: 'invalid', description: 'Order from a malicious buyer' } : null,
      dateCreated: created,
      dateClosed,
      lastUpdated,
      expirationDate: created + 28 * DAY,
      expired: false,
      currencyId,
      items: lines,
      totalMinor: total,
      paidMinor: paid,
      payments,
      context: { channel, site: site.id, flows: [...flows] },
      shippingId,
      shippingCostMinor: mode === 'me2' ? shippingCost : null,
      tags,
      taxes: { amountMinor: taxes, currencyId: taxes === null ? null : currencyId },
      cancelDetail,
      fulfilled: status === 'paid' ? delivered || null : cancelled ? false : null,
      buyingMode: 'buy_equals_pay',
      comments: null,
      packId,
      pickupId: null,
      coupon,
      applicationId: String(DEMO_APPLICATION_ID),
      hiddenForSeller: false,
      manufacturingEndingDate: null,
      feedback: { sale, purchase },
      mediations,
    };
    // What time did to the order by `now`, each change at the instant it came due, as the sweep would have left it
    // (decision 0290): a fresh store has nothing overdue to notify.
    let aged = order;
    for (let due = timeDue(aged); due !== null && due <= opts.now; due = timeDue(aged)) {
      aged = passTime(aged, Math.max(due, aged.lastUpdated)).order;
    }
    bump(seller.id, 'seller', aged.status);
    bump(buyer.id, 'buyer', aged.status);
    return {
      order: aged,
      deliveryCase: deliveryCaseOf({ platformShipping: mode === 'me2', ...delivery }),
      shipment,
      discounts,
      product: attributes.length > 0 ? attributes : null,
    };
  }

  const feedbackRow = (f: FeedbackRecord, orderId: number): FeedbackTable => ({
    id: f.id,
    order_id: orderId,
    role: f.role,
    from_user_id: f.fromUserId,
    to_user_id: f.toUserId,
    fulfilled: Number(f.fulfilled),
    rating: f.rating,
    reason: f.reason,
    message: f.message,
    date_created: f.dateCreated,
    reply: f.reply,
    reply_date: f.replyDate,
  });

  return {
    demoUsers: [...sellers.slice(0, 3), ...buyers.slice(0, 3)],

    /** The demo accounts, which the load names in the manifest and marks as demo accounts. */
    header(): SeedHeader {
      return {
        demoUsers: this.demoUsers.map((u) => ({
          id: u.id,
          nickname: u.nickname,
          role: u.role,
          siteId: u.site.id,
        })),
      };
    },

    /** How many users the world has, for `sealUsers` to be given ranges of. */
    get userCount(): number {
      return unsealed.ends.length;
    },

    /**
     * The users from `from` up to `to` (all by default) with their personal data sealed, in id order; several
     * workers share the work by ranges.
     */
    sealUsers(range?: { from: number; to: number }): UsersTable[] {
      const { text, ends } = unsealed;
      const rows: UsersTable[] = [];
      const to = Math.min(range?.to ?? ends.length, ends.length);
      for (let i = range?.from ?? 0; i < to; i++) {
        const draft = text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
        const [row, p] = JSON.parse(draft) as [UsersTable, Personal];
        row.seller_reputation = EMPTY_SELLER_REPUTATION;
        row.buyer_reputation = EMPTY_BUYER_REPUTATION;
        rows.push(sealedUser(row, p));
      }
      return rows;
    },

    chunkCount: chunkCountOf(opts.orders),

    /**
     * The rows of chunk `c` and what they add to the totals (see `absorb`). `bytes` stores each document's JSON
     * (by default a Buffer of its own).
     */
    chunk(c: number, bytes?: (json: string) => Uint8Array): { batch: OrderBatch; stats: ChunkStats } {
      r = new Random(chunkSeed(opts.seed, c));
      chunkCounts = new Map();
      chunkRatings = new Map();
      chunkTallies = new Map();
      chunkSold = new Map();
      const batch: OrderBatch = { orders: [], shipments: [], discounts: [], products: [], feedback: [] };
      for (let i = c * CHUNK_ORDERS; i < Math.min(opts.orders, (c + 1) * CHUNK_ORDERS); i++) {
        const g = generateOrder(i);
        const site = siteById.get(g.order.siteId)!;
        const row = renderOrderRow(g.order, { offsetMinutes: site.offsetMinutes, decimals, bytes });
        row.delivery_case = g.deliveryCase;
        batch.orders.push(row);
        if (g.shipment) batch.shipments.push(g.shipment);
        if (g.discounts) batch.discounts.push({ order_id: g.order.id, details: JSON.stringify(g.discounts) });
        if (g.product) batch.products.push({ order_id: g.order.id, attributes: JSON.stringify(g.product) });
        if (g.order.feedback.sale) batch.feedback.push(feedbackRow(g.order.feedback.sale, g.order.id));
        if (g.order.feedback.purchase)
          batch.feedback.push(feedbackRow(g.order.feedback.purchase, g.order.id));
      }
      const stats: ChunkStats = {
        counts: [...chunkCounts],
        ratings: [...chunkRatings].map(([id, t]) => [id, t.positive, t.neutral, t.negative]),
        tallies: [...chunkTallies].map(([id, t]) => [
          id,
          t.canceledPaid,
          t.unrated,
          t.notYetRated,
          t.notYetRatedUnits,
        ]),
        sold: [...chunkSold],
      };
      return { batch, stats };
    },

    /** The totals absorbed so far, in the form `absorb` takes: a worker hands its share to the writer this way. */
    totals(): ChunkStats {
      return {
        counts: [...counts],
        ratings: [...ratingsBySeller].map(([id, t]) => [id, t.positive, t.neutral, t.negative]),
        tallies: [...buyerTallies].map(([id, t]) => [
          id,
          t.canceledPaid,
          t.unrated,
          t.notYetRated,
          t.notYetRatedUnits,
        ]),
        sold: items.filter((i) => i.sold_quantity > 0).map((i) => [i.id, i.sold_quantity]),
      };
    },

    /** Adds a chunk's figures to the totals the tail is computed from; each chunk must be absorbed once. */
    absorb(stats: ChunkStats) {
      for (const [key, n] of stats.counts) counts.set(key, (counts.get(key) ?? 0) + n);
      for (const [id, positive, neutral, negative] of stats.ratings) {
        const t = ratingsBySeller.get(id) ?? { positive: 0, neutral: 0, negative: 0 };
        t.positive += positive;
        t.neutral += neutral;
        t.negative += negative;
        ratingsBySeller.set(id, t);
      }
      for (const [id, canceledPaid, unrated, notYetRated, units] of stats.tallies) {
        const t = buyerTallies.get(id) ?? new BuyerTally();
        t.canceledPaid += canceledPaid;
        t.unrated += unrated;
        t.notYetRated += notYetRated;
        t.notYetRatedUnits += units;
        buyerTallies.set(id, t);
      }
      for (const [itemId, quantity] of stats.sold) itemById.get(itemId)!.sold_quantity += quantity;
    },

    /** Rows that depend on every order: items with their sales, the per-status counters, reputations. */
    finish(): SeedTail {
      const countRows = [...counts].map(([key, n]) => ({
        user_id: Math.floor(key / 16),
        side: key & 8 ? 'buyer' : 'seller',
        status: EVERY_STATUS[key & 7]!,
        n,
      }));
      // Each user's counts on one side, grouped once rather than found by a pass over every count per user.
      const countsOf = (side: string) => {
        const byUser = new Map<number, OrderCountsTable[]>();
        for (const c of countRows) {
          if (c.side !== side) continue;
          const list = byUser.get(c.user_id);
          if (list) list.push(c);
          else byUser.set(c.user_id, [c]);
        }
        return byUser;
      };
      const sellerCounts = countsOf('seller');
      const reputation = sellers.map((s) => {
        const mine = sellerCounts.get(s.id) ?? [];
        const total = mine.reduce((a, c) => a + c.n, 0);
        const canceled = mine.filter((c) => c.status.includes('cancelled')).reduce((a, c) => a + c.n, 0);
        const tally = ratingsBySeller.get(s.id) ?? { positive: 0, neutral: 0, negative: 0 };
        const rated = tally.positive + tally.neutral + tally.negative || 1;
        return {
          id: s.id,
          seller_reputation: JSON.stringify({
            level_id: total > 1000 ? '5_green' : total > 100 ? '4_light_green' : '3_yellow',
            power_seller_status:
              total > 5000 ? 'platinum' : total > 500 ? 'gold' : total > 100 ? 'silver' : null,
            transactions: {
              period: 'historic',
              total,
              completed: total - canceled,
              canceled,
              ratings: {
                positive: Number((tally.positive / rated).toFixed(2)),
                negative: Number((tally.negative / rated).toFixed(2)),
                neutral: Number((tally.neutral / rated).toFixed(2)),
              },
            },
          }),
        };
      });
      const buyerCounts = countsOf('buyer');
      // Buyers without orders keep the empty reputation they were inserted with.
      const buyerReputation = buyers
        .filter((b) => buyerCounts.has(b.id))
        .map((b) => ({
          id: b.id,
          buyer_reputation: buyerReputationJson(buyerCounts.get(b.id)!, buyerTallies.get(b.id)),
        }));
      const account = generateAccountData(extra, {
        now: opts.now,
        sites: SITES,
        products: PRODUCTS,
        demoSellers: sellers.slice(0, 3).map((s) => ({ id: s.id, siteId: s.site.id })),
        demoBuyers: buyers.slice(0, 3).map((b) => b.id),
        otherBuyers: buyers.slice(3).map((b) => b.id),
        brandSellers: sellers
          .filter((s) => brandStores.has(s.id))
          .map((s) => ({
            id: s.id,
            siteId: s.site.id,
            nickname: s.nickname,
            storeId: brandStores.get(s.id)!,
            categories: [...new Set(itemsBySeller.get(s.id)!.map((i) => i.row.category_id))],
          })),
      });
      const reviewSeed = generateReviews(
        items,
        users.map((u) => ({ id: u.id, site_id: u.site.id })),
        { seed: opts.seed, now: opts.now },
      );
      return {
        items,
        // A stable sort: each user's counts keep their order.
        countRows: countRows.toSorted((a, b) => a.user_id - b.user_id),
        reputation,
        buyerReputation,
        ...account,
        ...reviewSeed,
      };
    },
  };
}
