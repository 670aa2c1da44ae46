import type {
  BrandsTable,
  CategoriesTable,
  OrderCountsTable,
  PaymentMethodsTable,
  PromotionPacksTable,
  UserBlocksTable,
} from '../db/schema.ts';
import { PROMOTION_PACKS } from '../domain/listings.ts';
import { LOCATIONS } from './locations-data.ts';
import type { Random } from './random.ts';
import type { Product, SiteRef } from './reference.ts';

const DAY = 86_400_000;

/** A user who never sold: the platform answers zeros and no level. */
export const EMPTY_SELLER_REPUTATION = JSON.stringify({
  level_id: null,
  power_seller_status: null,
  transactions: {
    period: 'historic',
    total: 0,
    completed: 0,
    canceled: 0,
    ratings: { positive: 0, negative: 0, neutral: 0 },
  },
});

/** A user who never bought: nulls rather than zeros, as the recorded bodies show. */
export const EMPTY_BUYER_REPUTATION = JSON.stringify({
  canceled_transactions: 0,
  transactions: {
    period: 'historic',
    total: null,
    completed: null,
    canceled: { total: null, paid: null },
    unrated: { total: null, paid: null },
    not_yet_rated: { total: null, paid: null, units: null },
  },
  tags: [],
});

/** What the per-status order counters cannot tell about a buyer; filled while orders are generated. */
export class BuyerTally {
  canceledPaid = 0;
  unrated = 0;
  notYetRated = 0;
  notYetRatedUnits = 0;

  /** A paid purchase the buyer has not rated: still within the rating window, or past it. */
  unratedPaid(windowOpen: boolean, units: number) {
    if (windowOpen) {
      this.notYetRated++;
      this.notYetRatedUnits += units;
    } else this.unrated++;
  }
}

const CANCELED = new Set(['cancelled', 'manually_cancelled']);

export function buyerReputationJson(counts: OrderCountsTable[], tally: BuyerTally | undefined): string {
  if (counts.length === 0) return EMPTY_BUYER_REPUTATION;
  const t = tally ?? new BuyerTally();
  const total = counts.reduce((n, c) => n + c.n, 0);
  const canceled = counts.filter((c) => CANCELED.has(c.status)).reduce((n, c) => n + c.n, 0);
  const completed = counts.find((c) => c.status === 'paid')?.n ?? 0;
  return JSON.stringify({
    canceled_transactions: canceled,
    transactions: {
      period: 'historic',
      total,
      completed,
      canceled: { total: canceled, paid: t.canceledPaid },
      unrated: { total: t.unrated, paid: t.unrated },
      not_yet_rated: { total: t.notYetRated, paid: t.notYetRated, units: t.notYetRatedUnits },
    },
    tags: completed >= 10 && canceled * 5 < total ? ['good_buyer'] : [],
  });
}

// Reference places that the classified tree names otherwise, or holds as a part of a larger place.
const PLACE_IN_TREE: Record<string, string> = {
  'BR|São Paulo': 'São Paulo Centro',
  'CO|Bogotá': 'Bogotá D.C.',
  'PE|Surco': 'Santiago de Surco',
  'EC|Cumbayá': 'Quito',
  'DO|Santo Domingo': 'Santo Domingo de Guzmán',
};

export interface ListingPlace {
  stateId: string;
  stateName: string;
  cityId: string;
  cityName: string;
}

/**
 * Where a listing is, in the classified locations the API serves (spec 2.12's publishing rule): the city of that
 * name in the country, or the city holding a neighborhood of that name (Palermo → Capital Federal). Every id a
 * listing carries therefore resolves at `/classified_locations` (decision 0132).
 */
export function listingPlace(countryId: string, placeName: string): ListingPlace {
  const country = LOCATIONS.find((c) => c.id === countryId);
  const name = PLACE_IN_TREE[`${countryId}|${placeName}`] ?? placeName;
  const places = (country?.states ?? []).flatMap((state) => state.cities.map((city) => ({ state, city })));
  const found =
    places.find(({ city }) => city.name === name) ??
    places.find(({ city }) => city.neighborhoods.some((n) => n.name === name));
  if (found) {
    const { state, city } = found;
    return { stateId: state.id, stateName: state.name, cityId: city.id, cityName: city.name };
  }
  throw new Error(`${placeName} (${countryId}) is not in the classified locations`);
}

export interface ListingExtrasInput {
  itemId: string;
  siteId: string;
  priceMinor: number;
  place: ListingPlace;
  officialStoreId: number | null;
  listedAt: number;
}

/** The listing members site search shows and filters on. */
export function listingExtras(r: Random, input: ListingExtrasInput) {
  const buyingMode = r.weighted([
    ['buy_it_now', 0.94],
    ['auction', 0.06],
  ] as const);
  const installments = buyingMode === 'buy_it_now' && r.chance(0.7) ? r.pick([3, 6, 12]) : 0;
  const stamp = new Date(input.listedAt);
  const month = String(stamp.getUTCMonth() + 1).padStart(2, '0');
  const accepts = buyingMode === 'buy_it_now' || r.chance(0.5) ? 1 : 0;
  const noInterest = installments > 0 && r.chance(0.4) ? 1 : 0;
  const freeShipping = r.chance(0.5);
  const shippingMode = r.weighted([
    ['me2', 0.88],
    ['custom', 0.08],
    ['not_specified', 0.04],
  ] as const);
  return {
    buying_mode: buyingMode,
    accepts_paymentsvc: accepts,
    installments_quantity: installments,
    installments_no_interest: noInterest,
    // Free shipping is the platform's shipping (me2) paid by the seller: no other mode offers it (decision 0132).
    free_shipping: freeShipping && shippingMode === 'me2' ? 1 : 0,
    shipping_mode: shippingMode,
    state_id: input.place.stateId,
    state_name: input.place.stateName,
    city_id: input.place.cityId,
    city_name: input.place.cityName,
    thumbnail: r.chance(0.92)
      ? `https://http2.mlstatic.com/D_${r.int(600_000, 999_999)}-${input.siteId}${r.digits(11)}_${month}${stamp.getUTCFullYear()}-I.jpg`
      : null,
    original_price_minor: r.chance(0.2) ? Math.round(input.priceMinor * (1.15 + r.next() * 0.15)) : null,
    official_store_id: input.officialStoreId !== null && r.chance(0.85) ? input.officialStoreId : null,
  };
}

export type ListingExtras = ReturnType<typeof listingExtras>;

const CATEGORY_NAMES: Record<string, { es: string; pt: string }> = {
  '1051': { es: 'Celulares y Teléfonos', pt: 'Celulares e Telefones' },
  '1055': { es: 'Celulares y Smartphones', pt: 'Celulares e Smartphones' },
  '109027': { es: 'Zapatillas', pt: 'Tênis' },
  '1132': { es: 'Juegos y Juguetes', pt: 'Brinquedos e Hobbies' },
  '1144': { es: 'Consolas y Videojuegos', pt: 'Games' },
  '1246': { es: 'Belleza y Cuidado Personal', pt: 'Beleza e Cuidado Pessoal' },
  '1276': { es: 'Deportes y Fitness', pt: 'Esportes e Fitness' },
  '1430': { es: 'Ropa y Accesorios', pt: 'Calçados, Roupas e Bolsas' },
  '1500': { es: 'Construcción', pt: 'Construção' },
  '1574': { es: 'Hogar, Muebles y Jardín', pt: 'Casa, Móveis e Decoração' },
  '1652': { es: 'Notebooks', pt: 'Notebooks' },
  '1747': { es: 'Accesorios para Vehículos', pt: 'Acessórios para Veículos' },
  '3025': { es: 'Libros, Revistas y Comics', pt: 'Livros, Revistas e Comics' },
  '1459': { es: 'Inmuebles', pt: 'Imóveis' },
};

const PAYMENT_METHOD_NAMES: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  account_money: 'Dinero en cuenta',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  rapipago: 'Rapipago',
  pagofacil: 'Pago Fácil',
  pix: 'Pix',
  bolbradesco: 'Boleto',
  elo: 'Elo',
  oxxo: 'OXXO',
  pse: 'PSE',
  efecty: 'Efecty',
};

export interface AccountDataInput {
  now: number;
  sites: SiteRef[];
  products: Product[];
  demoSellers: { id: number; siteId: string }[];
  demoBuyers: number[];
  otherBuyers: number[];
  brandSellers: { id: number; siteId: string; nickname: string; storeId: number; categories: string[] }[];
}

/** Reference rows and account data that depend on who exists, not on the orders. */
export function generateAccountData(r: Random, input: AccountDataInput) {
  const categories: CategoriesTable[] = [];
  const paymentMethods: PaymentMethodsTable[] = [];
  for (const site of input.sites) {
    for (const code of new Set([...input.products.map((p) => p.category), '1459'])) {
      const names = CATEGORY_NAMES[code] ?? { es: `Categoría ${code}`, pt: `Categoria ${code}` };
      categories.push({ id: `${site.id}${code}`, site_id: site.id, name: names[site.lang] });
    }
    for (const [id, type] of site.paymentMethods) {
      paymentMethods.push({
        site_id: site.id,
        id,
        name: PAYMENT_METHOD_NAMES[id] ?? id,
        payment_type_id: type,
      });
    }
  }

  const brands: BrandsTable[] = input.brandSellers.map((s, i) => {
    const name = s.nickname.replace(/_[A-Z]{2}\d+$/, '').replace(/_/g, ' ');
    return {
      official_store_id: s.storeId,
      user_id: s.id,
      site_id: s.siteId,
      name,
      fantasy_name: name,
      status: 'active',
      categories_ids: JSON.stringify(s.categories.slice(0, 3)),
      tags: JSON.stringify(r.chance(0.5) ? ['official_store'] : ['official_store', 'brand_verified']),
      logo_url: `https://http2.mlstatic.com/D_${r.int(100_000, 999_999)}-${s.siteId}${s.storeId}-logo.jpg`,
      relevance_position: (i % 50) + 1,
    };
  });

  // Each demo seller blocks a few buyers from buying and from asking; the third demo buyer only from asking, so
  // the demo's own purchases keep working.
  const blocks: UserBlocksTable[] = [];
  for (const seller of input.demoSellers) {
    for (const type of ['order', 'questions'] as const) {
      const chosen = new Set<number>();
      const want = type === 'order' ? 4 : 3;
      for (let tries = 0; chosen.size < Math.min(want, input.otherBuyers.length) && tries < 50; tries++) {
        chosen.add(r.pick(input.otherBuyers));
      }
      if (type === 'questions' && input.demoBuyers[2] !== undefined) chosen.add(input.demoBuyers[2]);
      for (const userId of chosen) {
        blocks.push({
          seller_id: seller.id,
          type,
          user_id: userId,
          created_at: input.now - r.int(1, 90) * DAY - r.int(0, 86_399) * 1000,
        });
      }
    }
  }

  // The first demo seller holds one active pack per pack type, the second an expired one.
  const packs: Omit<PromotionPacksTable, 'id'>[] = [];
  input.demoSellers.slice(0, 2).forEach((seller, index) => {
    for (const def of index === 0 ? PROMOTION_PACKS : PROMOTION_PACKS.slice(0, 1)) {
      const start = index === 0 ? input.now - r.int(1, 10) * DAY : input.now - (def.days + 20) * DAY;
      const used = r.int(0, def.listings - 1);
      packs.push({
        user_id: seller.id,
        promotion_pack_id: def.id,
        category_id: `${seller.siteId}1459`,
        description: def.description,
        package_type: def.package_type,
        status: index === 0 ? 'active' : 'finished',
        engagement_type: 'none',
        charge_id: 800_000_000 + r.int(0, 99_999_999),
        date_created: start - 60_000,
        date_start: start,
        date_expires: start + def.days * DAY,
        date_stopped: null,
        last_updated: start + 60_000,
        listing_details: JSON.stringify([
          { listing_type_id: def.listing_type_id, available_listings: def.listings, used_listings: used },
        ]),
      });
    }
  });
  return { categories, paymentMethods, brands, blocks, packs };
}
