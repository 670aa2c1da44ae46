import {
  SITE_SEARCH_FILTERS,
  SITE_SEARCH_SORTS,
  type SiteSearchFilterId,
  type SiteSearchSort,
  siteSearchParamsSchema,
  siteSearchSchema,
} from '@mostrador/contracts';
import type { ItemsTable } from '../db/schema.ts';
import { itemPermalink } from '../domain/listings.ts';
import { toMajor } from '../domain/money.ts';
import { isoAt } from '../domain/time.ts';
import { ApiError } from '../http/api-error.ts';
import { JSON_TYPE, json } from '../http/json-answer.ts';
import { parsePaging } from '../http/paging.ts';
import { invalidQuery, ownQuery } from '../http/query.ts';
import { defineResource } from '../http/resources.ts';
import type { UserRecord, UserRepository } from '../users/user-repository.ts';
import type { FacetCounts, ItemFilters, ItemSearchRepository } from './item-search-repository.ts';

/** What site search needs. */
export interface SiteRoutesDeps {
  itemSearch: ItemSearchRepository;
  users: UserRepository;
}

/** Listings stay live for 20 years unless stopped, as on the platform. */
const LISTING_LIFETIME_MS = 7300 * 86_400_000;
/** Instalments with interest cost this much more in total. */
const INSTALMENT_MARKUP = 1.2;

type Language = 'es' | 'pt';

/** The words of a site's search, in its language: Portuguese on MLB, Spanish elsewhere (decision 0132). */
const WORDS: Record<
  Language,
  {
    sorts: Record<SiteSearchSort, string>;
    filters: Record<SiteSearchFilterId, string>;
    values: Partial<Record<SiteSearchFilterId, Record<string, string>>>;
    conditionAttribute: string;
  }
> = {
  es: {
    sorts: { relevance: 'Más relevantes', price_asc: 'Menor precio', price_desc: 'Mayor precio' },
    filters: {
      category: 'Categorías',
      state: 'Ubicación',
      accepts_paymentsvc: 'Pago en la plataforma',
      installments: 'Cuotas',
      condition: 'Condición',
      buying_mode: 'Formato de venta',
      has_pictures: 'Con fotos',
    },
    values: {
      accepts_paymentsvc: { yes: 'Acepta pago en la plataforma', no: 'Sin pago en la plataforma' },
      installments: { yes: 'Pagá en cuotas', no_interest: 'Sin interés' },
      condition: { new: 'Nuevo', used: 'Usado', not_specified: 'No especificado' },
      buying_mode: { buy_it_now: 'Compra inmediata', auction: 'Subasta', classified: 'Clasificado' },
      has_pictures: { yes: 'Con fotos' },
    },
    conditionAttribute: 'Condición del ítem',
  },
  pt: {
    sorts: { relevance: 'Mais relevantes', price_asc: 'Menor preço', price_desc: 'Maior preço' },
    filters: {
      category: 'Categorias',
      state: 'Localização',
      accepts_paymentsvc: 'Pagamento na plataforma',
      installments: 'Parcelamento',
      condition: 'Condição',
      buying_mode: 'Formato de venda',
      has_pictures: 'Com fotos',
    },
    values: {
      accepts_paymentsvc: { yes: 'Aceita pagamento na plataforma', no: 'Sem pagamento na plataforma' },
      installments: { yes: 'Pague parcelado', no_interest: 'Sem juros' },
      condition: { new: 'Novo', used: 'Usado', not_specified: 'Não especificado' },
      buying_mode: { buy_it_now: 'Compra imediata', auction: 'Leilão', classified: 'Classificado' },
      has_pictures: { yes: 'Com fotos' },
    },
    conditionAttribute: 'Condição do item',
  },
};

const FILTER_TYPE: Record<SiteSearchFilterId, 'text' | 'boolean'> = {
  category: 'text',
  state: 'text',
  accepts_paymentsvc: 'boolean',
  installments: 'text',
  condition: 'text',
  buying_mode: 'text',
  has_pictures: 'boolean',
};

const filterMeta = (lang: Language, id: SiteSearchFilterId) => ({
  name: WORDS[lang].filters[id],
  type: FILTER_TYPE[id],
});

const valueName = (lang: Language, id: SiteSearchFilterId, value: string, fallback: string | null) =>
  fallback ?? WORDS[lang].values[id]?.[value] ?? value;

function readPowerSellerStatus(seller: UserRecord): string | null {
  try {
    return (
      (JSON.parse(seller.sellerReputation) as { power_seller_status?: string | null }).power_seller_status ??
      null
    );
  } catch {
    return null;
  }
}

/** Only values that would return something are offered, most results first. */
function availableFilters(lang: Language, facets: FacetCounts) {
  return SITE_SEARCH_FILTERS.flatMap((id) => {
    const values = (facets[id] ?? [])
      .filter((v) => v.results > 0)
      .sort((a, b) => b.results - a.results || a.id.localeCompare(b.id))
      .map((v) => ({ id: v.id, name: valueName(lang, id, v.id, v.name), results: v.results }));
    return values.length === 0 ? [] : [{ id, ...filterMeta(lang, id), values }];
  });
}

function itemSummary(
  item: ItemsTable,
  sellerCard: {
    id: number;
    power_seller_status: string | null;
    car_dealer: boolean;
    real_estate_agency: boolean;
    tags: string[];
  },
  seller: UserRecord,
  offsetMinutes: number,
  decimals: number,
  countryId: string,
  countryName: string,
  lang: Language,
) {
  const price = Number(item.price_minor);
  const quantity = item.installments_quantity;
  const instalmentMinor =
    quantity > 0
      ? Math.round((price * (item.installments_no_interest ? 1 : INSTALMENT_MARKUP)) / quantity)
      : 0;
  return {
    id: item.id,
    site_id: item.site_id,
    title: item.title,
    subtitle: null,
    seller: sellerCard,
    price: toMajor(price, decimals),
    currency_id: item.currency_id,
    available_quantity: item.available_quantity,
    sold_quantity: item.sold_quantity,
    buying_mode: item.buying_mode,
    listing_type_id: item.listing_type_id,
    stop_time: isoAt(Number(item.date_created) + LISTING_LIFETIME_MS, offsetMinutes),
    condition: item.condition,
    permalink: itemPermalink(item.site_id, item.id, item.title),
    thumbnail: item.thumbnail,
    accepts_paymentsvc: item.accepts_paymentsvc === 1,
    installments:
      quantity > 0
        ? { quantity, amount: toMajor(Math.max(1, instalmentMinor), decimals), currency_id: item.currency_id }
        : null,
    address: {
      state_id: item.state_id,
      state_name: item.state_name,
      city_id: item.city_id,
      city_name: item.city_name,
    },
    shipping: { free_shipping: item.free_shipping === 1, mode: item.shipping_mode },
    seller_address: {
      id: seller.id * 10 + 1,
      comment: '',
      address_line: '',
      zip_code: '',
      country: { id: countryId, name: countryName },
      state: { id: item.state_id, name: item.state_name },
      city: { id: item.city_id, name: item.city_name },
      latitude: null,
      longitude: null,
    },
    attributes: [
      {
        id: 'ITEM_CONDITION',
        name: WORDS[lang].conditionAttribute,
        value_id: item.condition,
        value_name: valueName(lang, 'condition', item.condition, null),
      },
    ],
    original_price:
      item.original_price_minor === null ? null : toMajor(Number(item.original_price_minor), decimals),
    category_id: item.category_id,
    official_store_id: item.official_store_id === null ? null : Number(item.official_store_id),
  };
}

export const siteSearch = defineResource({
  path: '/sites/{site_id}/search',
  name: 'Site search by nickname',
  description:
    'The listings of one seller on a site, filtered, sorted and paged, with the counts of each filter.',
  attributes: {
    site_id: 'The site.',
    seller:
      'id, seller_reputation.power_seller_status, real_estate_agency, car_dealer, tags (null: no such seller).',
    paging: 'total, offset, limit.',
    results: 'Item summaries.',
    secondary_results: 'Always [].',
    related_results: 'Always [].',
    sort: 'Applied sort.',
    available_sorts: 'Other sorts.',
    filters: 'Applied filters.',
    available_filters: 'Filters not applied yet, each value with how many results applying it returns.',
  },
  related_resources: ['/users/{user_id}'],
  connections: { seller: '/users/{user_id}' },
  methods: {
    GET: {
      example: '/sites/MLA/search?nickname=TIENDA_PALERMO&condition=new&sort=price_asc',
      description: 'Search a seller’s listings.',
      query: {
        nickname: 'Required: the seller’s nickname (exact).',
        category: 'Category id.',
        state: 'State id of the listing location.',
        accepts_paymentsvc: 'yes or no.',
        installments: 'yes or no_interest.',
        condition: 'new, used or not_specified.',
        buying_mode: 'buy_it_now, auction or classified.',
        has_pictures: 'yes.',
        sort: 'relevance (default), price_asc or price_desc.',
        offset: 'Default 0, at most 1000.',
        limit: 'Default 50, at most 50.',
      },
      response: siteSearchSchema,
      auth: 'none',
      async handle(c, deps: SiteRoutesDeps) {
        const siteId = c.req.param('site_id');
        const site = /^[A-Z]{3}$/.test(siteId) ? await deps.itemSearch.site(siteId) : undefined;
        if (!site) throw new ApiError('not_found', { message: `Site ${siteId.slice(0, 10)} not found` });
        const raw = ownQuery(c);
        const parsed = siteSearchParamsSchema.safeParse(raw);
        if (!parsed.success) throw invalidQuery(parsed.error);
        const q = parsed.data;
        const { offset, limit } = parsePaging(raw, { limit: 50, maxLimit: 50, maxOffset: 1000 });
        const filters: ItemFilters = {};
        for (const id of SITE_SEARCH_FILTERS)
          if (q[id] !== undefined) Object.assign(filters, { [id]: q[id] });

        const seller = await deps.users.findByNickname(siteId, q.nickname);
        const lang: Language = siteId === 'MLB' ? 'pt' : 'es';
        const named = SITE_SEARCH_SORTS.map((s) => ({ id: s.id, name: WORDS[lang].sorts[s.id] }));
        const sort = named.find((s) => s.id === q.sort)!;
        const availableSorts = named.filter((s) => s.id !== q.sort);
        if (!seller) {
          // Like the platform: an unknown nickname is an empty search, not an error.
          return json(c, {
            site_id: siteId,
            seller: null,
            paging: { total: 0, offset, limit },
            results: [],
            secondary_results: [],
            related_results: [],
            sort,
            available_sorts: availableSorts,
            filters: [],
            available_filters: [],
          });
        }
        const scope = { sellerId: seller.id, siteId, filters };
        const [rows, total, facets, valueNames] = await Promise.all([
          deps.itemSearch.search({ ...scope, sort: q.sort, offset, limit }),
          deps.itemSearch.count(scope),
          deps.itemSearch.facets(scope),
          deps.itemSearch.valueNames(siteId, filters),
        ]);
        const decimals = site.decimal_places;
        const powerSellerStatus = readPowerSellerStatus(seller);
        const sellerCard = {
          id: seller.id,
          power_seller_status: powerSellerStatus,
          car_dealer: seller.userType === 'car_dealer',
          real_estate_agency: seller.userType === 'real_estate_agency',
          tags: seller.tags,
        };
        const summary = (item: ItemsTable) =>
          itemSummary(
            item,
            sellerCard,
            seller,
            site.utc_offset_minutes,
            decimals,
            site.country_id,
            site.name,
            lang,
          );
        const body = {
          site_id: siteId,
          seller: {
            id: seller.id,
            seller_reputation: { power_seller_status: powerSellerStatus },
            real_estate_agency: sellerCard.real_estate_agency,
            car_dealer: sellerCard.car_dealer,
            tags: seller.tags,
          },
          paging: { total, offset, limit },
          results: rows.map(summary),
          secondary_results: [],
          related_results: [],
          sort,
          available_sorts: availableSorts,
          filters: SITE_SEARCH_FILTERS.filter((id) => filters[id] !== undefined).map((id) => ({
            id,
            ...filterMeta(lang, id),
            values: [
              {
                id: filters[id]!,
                name: valueName(lang, id, filters[id]!, valueNames.get(`${id}:${filters[id]}`) ?? null),
              },
            ],
          })),
          available_filters: availableFilters(lang, facets),
        };
        return c.body(JSON.stringify(body), 200, JSON_TYPE);
      },
    },
  },
});
