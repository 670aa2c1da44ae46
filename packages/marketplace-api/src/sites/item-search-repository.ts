import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, ItemsTable } from '../db/schema.ts';

export interface ItemFilters {
  category?: string;
  state?: string;
  accepts_paymentsvc?: 'yes' | 'no';
  installments?: 'yes' | 'no_interest';
  condition?: string;
  buying_mode?: string;
  has_pictures?: 'yes';
}

export type ItemFilterId = keyof ItemFilters;

export interface ItemQuery {
  sellerId: number;
  siteId: string;
  filters: ItemFilters;
  sort: 'relevance' | 'price_asc' | 'price_desc';
  offset: number;
  limit: number;
}

/** Per filter, value id → how many items applying that value (on top of the applied filters) returns. */
export type FacetCounts = Partial<
  Record<ItemFilterId, { id: string; name: string | null; results: number }[]>
>;

type Eb = ExpressionBuilder<Database, 'items'>;

// One definition per filter value, shared by the search and the facet counts so the two cannot disagree.
function valueCondition(eb: Eb, id: ItemFilterId, value: string): Expression<SqlBool> {
  switch (id) {
    case 'category':
      return eb('items.category_id', '=', value);
    case 'state':
      return eb('items.state_id', '=', value);
    case 'accepts_paymentsvc':
      return eb('items.accepts_paymentsvc', '=', value === 'yes' ? 1 : 0);
    case 'installments':
      return value === 'yes'
        ? eb('items.installments_quantity', '>', 0)
        : eb('items.installments_no_interest', '=', 1);
    case 'condition':
      return eb('items.condition', '=', value);
    case 'buying_mode':
      return eb('items.buying_mode', '=', value);
    case 'has_pictures':
      return eb('items.thumbnail', 'is not', null);
  }
}

function where(eb: Eb, q: Pick<ItemQuery, 'sellerId' | 'siteId' | 'filters'>) {
  const parts: Expression<SqlBool>[] = [
    eb('items.seller_id', '=', q.sellerId),
    eb('items.site_id', '=', q.siteId),
  ];
  for (const [id, value] of Object.entries(q.filters) as [ItemFilterId, string | undefined][]) {
    if (value !== undefined) parts.push(valueCondition(eb, id, value));
  }
  return eb.and(parts);
}

const count = sql<number>`count(*)`;
const sumIf = (condition: Expression<SqlBool>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** The listings of one seller for `GET /sites/{site_id}/search?nickname=` (spec 2.10). */
export function createItemSearchRepository(db: Kysely<Database>) {
  const items = () => db.selectFrom('items');

  return {
    async search(q: ItemQuery): Promise<ItemsTable[]> {
      let query = items()
        .selectAll()
        .where((eb) => where(eb, q));
      query =
        q.sort === 'relevance'
          ? query.orderBy('sold_quantity', 'desc')
          : query.orderBy('price_minor', q.sort === 'price_asc' ? 'asc' : 'desc');
      return query.orderBy('id').offset(q.offset).limit(q.limit).execute();
    },

    async count(q: Pick<ItemQuery, 'sellerId' | 'siteId' | 'filters'>): Promise<number> {
      const row = await items()
        .select(count.as('n'))
        .where((eb) => where(eb, q))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Counts of every value of the filters not applied yet, each under the applied filters: the count shown is
     * the total that applying the value answers.
     */
    async facets(q: Pick<ItemQuery, 'sellerId' | 'siteId' | 'filters'>): Promise<FacetCounts> {
      const out: FacetCounts = {};
      const open = (id: ItemFilterId) => q.filters[id] === undefined;
      const scoped = () => items().where((eb) => where(eb, q));

      const grouped = async (id: 'condition' | 'buying_mode' | 'state' | 'category') => {
        if (!open(id)) return;
        if (id === 'category') {
          const rows = await scoped()
            .leftJoin('categories', 'categories.id', 'items.category_id')
            .select(['items.category_id as id', 'categories.name as name', count.as('n')])
            .groupBy(['items.category_id', 'categories.name'])
            .execute();
          out.category = rows.map((r) => ({ id: r.id, name: r.name, results: Number(r.n) }));
        } else if (id === 'state') {
          const rows = await scoped()
            .select(['items.state_id as id', 'items.state_name as name', count.as('n')])
            .where('items.state_id', 'is not', null)
            .groupBy(['items.state_id', 'items.state_name'])
            .execute();
          out.state = rows.map((r) => ({ id: r.id!, name: r.name, results: Number(r.n) }));
        } else {
          const column = id === 'condition' ? 'items.condition' : 'items.buying_mode';
          const rows = await scoped()
            .select([`${column} as id`, count.as('n')])
            .groupBy(column)
            .execute();
          out[id] = rows.map((r) => ({ id: r.id, name: null, results: Number(r.n) }));
        }
      };
      await Promise.all([
        grouped('category'),
        grouped('state'),
        grouped('condition'),
        grouped('buying_mode'),
      ]);

      const flags = await scoped()
        .select((eb) => [
          sumIf(valueCondition(eb, 'accepts_paymentsvc', 'yes')).as('paymentsvc_yes'),
          sumIf(valueCondition(eb, 'accepts_paymentsvc', 'no')).as('paymentsvc_no'),
          sumIf(valueCondition(eb, 'installments', 'yes')).as('installments_yes'),
          sumIf(valueCondition(eb, 'installments', 'no_interest')).as('installments_no_interest'),
          sumIf(valueCondition(eb, 'has_pictures', 'yes')).as('pictures_yes'),
        ])
        .executeTakeFirstOrThrow();
      if (open('accepts_paymentsvc')) {
        out.accepts_paymentsvc = [
          { id: 'yes', name: null, results: Number(flags.paymentsvc_yes ?? 0) },
          { id: 'no', name: null, results: Number(flags.paymentsvc_no ?? 0) },
        ];
      }
      if (open('installments')) {
        out.installments = [
          { id: 'yes', name: null, results: Number(flags.installments_yes ?? 0) },
          { id: 'no_interest', name: null, results: Number(flags.installments_no_interest ?? 0) },
        ];
      }
      if (open('has_pictures')) {
        out.has_pictures = [{ id: 'yes', name: null, results: Number(flags.pictures_yes ?? 0) }];
      }
      return out;
    },

    /** The site with its currency's decimal places, for rendering prices. */
    async site(id: string) {
      return db
        .selectFrom('sites')
        .innerJoin('currencies', 'currencies.id', 'sites.currency_id')
        .select([
          'sites.id',
          'sites.name',
          'sites.country_id',
          'sites.currency_id',
          'sites.utc_offset_minutes',
          'currencies.decimal_places',
        ])
        .where('sites.id', '=', id)
        .executeTakeFirst();
    },

    /** Names of applied category and state values, for the `filters` echo. */
    async valueNames(siteId: string, filters: ItemFilters): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      if (filters.category !== undefined) {
        const row = await db
          .selectFrom('categories')
          .select('name')
          .where('id', '=', filters.category)
          .executeTakeFirst();
        if (row) names.set(`category:${filters.category}`, row.name);
      }
      if (filters.state !== undefined) {
        const row = await db
          .selectFrom('items')
          .select('state_name')
          .where('site_id', '=', siteId)
          .where('state_id', '=', filters.state)
          .where('state_name', 'is not', null)
          .limit(1)
          .executeTakeFirst();
        if (row?.state_name) names.set(`state:${filters.state}`, row.state_name);
      }
      return names;
    },
  };
}

export type ItemSearchRepository = ReturnType<typeof createItemSearchRepository>;
