import {
  citySchema,
  SITE_SEARCH_FILTERS,
  type SiteSearch,
  siteSearchSchema,
  userAddressesSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];

beforeAll(async () => {
  api = await seededApi();
  seller = api.sellers[0]!;
});

async function search(query: string): Promise<SiteSearch> {
  const res = await api.get(`/sites/MLA/search?nickname=${seller.nickname}${query}`);
  expect(res.status, query).toBe(200);
  return siteSearchSchema.parse(await res.json());
}

const storedItems = () =>
  api.store.db.selectFrom('items').selectAll().where('seller_id', '=', seller.id).execute();

describe('GET /sites/{site_id}/search?nickname=', () => {
  it('answers the whole envelope of 2.10 for the seller’s listings', async () => {
    const body = await search('');
    const stored = await storedItems();
    expect(body.site_id).toBe('MLA');
    expect(body.seller).toMatchObject({ id: seller.id, real_estate_agency: false, car_dealer: false });
    expect(body.paging).toEqual({ total: stored.length, offset: 0, limit: 50 });
    expect(body.results).toHaveLength(Math.min(50, stored.length));
    expect(body.sort).toEqual({ id: 'relevance', name: 'Más relevantes' });
    expect(body.available_sorts.map((s) => s.id)).toEqual(['price_asc', 'price_desc']);
    expect(body.filters).toEqual([]);
    expect(body.secondary_results).toEqual([]);
    expect(body.related_results).toEqual([]);
    const item = body.results[0]!;
    const row = stored.find((r) => r.id === item.id)!;
    expect(item.seller.id).toBe(seller.id);
    expect(item.price).toBe(Number(row.price_minor) / 100);
    expect(item.permalink).toMatch(/^https:\/\/articulo\.mercadolibre\.com\.ar\/MLA-\d+-[a-z0-9-]+-_JM$/);
    expect(item.seller_address.address_line).toBe('');
    expect(item.stop_time).toMatch(/-03:00$/);
    // Relevance: most sold first.
    const sold = body.results.map((r) => r.sold_quantity);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it('gives counts in available_filters that match exactly what applying each value returns', async () => {
    const body = await search('');
    expect(body.available_filters.map((f) => f.id).sort()).toEqual([...SITE_SEARCH_FILTERS].sort());
    for (const filter of body.available_filters) {
      for (const value of filter.values) {
        const applied = await search(`&${filter.id}=${encodeURIComponent(value.id)}`);
        expect(applied.paging.total, `${filter.id}=${value.id}`).toBe(value.results);
        expect(applied.filters).toEqual([
          {
            id: filter.id,
            name: filter.name,
            type: filter.type,
            values: [{ id: value.id, name: value.name }],
          },
        ]);
        expect(applied.available_filters.map((f) => f.id)).not.toContain(filter.id);
      }
    }
  });

  it('keeps the counts exact on top of an applied filter', async () => {
    const narrowed = await search('&condition=new');
    for (const filter of narrowed.available_filters) {
      for (const value of filter.values) {
        const both = await search(`&condition=new&${filter.id}=${encodeURIComponent(value.id)}`);
        expect(both.paging.total, `condition=new&${filter.id}=${value.id}`).toBe(value.results);
        expect(both.filters.map((f) => f.id).sort()).toEqual(['condition', filter.id].sort());
      }
    }
  });

  it('applies each filter to the results', async () => {
    const stored = await storedItems();
    const cases: [string, (r: (typeof stored)[number]) => boolean][] = [
      ['condition=used', (r) => r.condition === 'used'],
      ['has_pictures=yes', (r) => r.thumbnail !== null],
      ['installments=no_interest', (r) => r.installments_no_interest === 1],
      ['accepts_paymentsvc=no', (r) => r.accepts_paymentsvc === 0],
      ['buying_mode=auction', (r) => r.buying_mode === 'auction'],
    ];
    for (const [query, predicate] of cases) {
      const body = await search(`&${query}&limit=50`);
      const expected = stored
        .filter(predicate)
        .map((r) => r.id)
        .sort();
      expect(body.paging.total, query).toBe(expected.length);
      expect(body.results.map((r) => r.id).sort(), query).toEqual(expected.slice(0, 50));
    }
  });

  it('sorts by price both ways', async () => {
    const asc = (await search('&sort=price_asc')).results.map((r) => r.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await search('&sort=price_desc');
    expect(desc.sort.id).toBe('price_desc');
    expect(desc.available_sorts.map((s) => s.id)).toEqual(['relevance', 'price_asc']);
    const prices = desc.results.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('pages with offset and limit', async () => {
    const all = await search('&sort=price_asc&limit=50');
    const page = await search('&sort=price_asc&offset=2&limit=3');
    expect(page.paging).toEqual({ total: all.paging.total, offset: 2, limit: 3 });
    expect(page.results.map((r) => r.id)).toEqual(all.results.slice(2, 5).map((r) => r.id));
  });

  it('answers an unknown nickname with an empty search', async () => {
    const res = await api.get('/sites/MLA/search?nickname=NOBODY_HERE');
    expect(res.status).toBe(200);
    const body = siteSearchSchema.parse(await res.json());
    expect(body.seller).toBeNull();
    expect(body.results).toEqual([]);
    expect(body.paging.total).toBe(0);
    // A seller of another site is not found on this one.
    const elsewhere = siteSearchSchema.parse(await api.json(`/sites/MLB/search?nickname=${seller.nickname}`));
    expect(elsewhere.seller).toBeNull();
  });

  it('answers 404 for an unknown site', async () => {
    await expectError(await api.get(`/sites/MZZ/search?nickname=${seller.nickname}`), 404, 'not_found');
    await expectError(await api.get(`/sites/mla/search?nickname=${seller.nickname}`), 404, 'not_found');
  });

  it.each([
    ['no nickname', ''],
    ['a parameter given twice', `nickname=X&sort=price_asc&sort=price_desc`],
    ['an unknown sort', `nickname=X&sort=cheapest`],
    ['an unknown condition', `nickname=X&condition=broken`],
    ['a malformed category', `nickname=X&category=phones`],
    ['has_pictures=no', `nickname=X&has_pictures=no`],
    ['limit above 50', `nickname=X&limit=51`],
    ['offset above 1000', `nickname=X&offset=1001`],
    ['an empty nickname', `nickname=`],
  ])('rejects %s with 400', async (_, query) => {
    await expectError(await api.get(`/sites/MLA/search?${query}`), 400, 'bad_request');
  });
});

describe('the demo sellers’ listings and the site’s language', () => {
  it('are published where each seller lives, as its name says', async () => {
    const homes: Record<string, { site: string; city: string; state: string }> = {
      TIENDA_PALERMO: { site: 'MLA', city: 'Capital Federal', state: 'Capital Federal' },
      LOJA_PINHEIROS: { site: 'MLB', city: 'São Paulo Zona Oeste', state: 'São Paulo' },
      BAZAR_COYOACAN: { site: 'MLM', city: 'Coyoacán', state: 'Distrito Federal' },
    };
    for (const [nickname, home] of Object.entries(homes)) {
      const body = siteSearchSchema.parse(await api.json(`/sites/${home.site}/search?nickname=${nickname}`));
      expect(body.results.length, nickname).toBeGreaterThan(0);
      for (const item of body.results) {
        expect(item.address, nickname).toMatchObject({ city_name: home.city, state_name: home.state });
      }
    }
    // Pinheiros is a neighborhood of that city.
    const pinheiros = siteSearchSchema.parse(
      await api.json('/sites/MLB/search?nickname=LOJA_PINHEIROS&limit=1'),
    );
    const city = citySchema.parse(
      await api.json(`/classified_locations/cities/${pinheiros.results[0]!.address.city_id}`),
    );
    expect(city.neighborhoods.map((n) => n.name)).toContain('Pinheiros');
    // And so do their addresses.
    const addresses: Record<string, [string, string]> = {
      TIENDA_PALERMO: ['Capital Federal', 'Palermo'],
      LOJA_PINHEIROS: ['São Paulo', 'São Paulo'],
      BAZAR_COYOACAN: ['Ciudad de México', 'Coyoacán'],
    };
    for (const s of api.sellers) {
      const [address] = userAddressesSchema.parse(await api.json(`/users/${s.id}/addresses`, s.access_token));
      expect([address!.state.name, address!.city.name], s.nickname).toEqual(addresses[s.nickname]);
    }
  });

  it('offer free shipping only with the platform’s shipping', async () => {
    const rows = await api.store.db.selectFrom('items').select(['free_shipping', 'shipping_mode']).execute();
    expect(rows.some((r) => r.free_shipping === 1)).toBe(true);
    for (const s of api.sellers) {
      const site = s.site_id;
      const body = siteSearchSchema.parse(await api.json(`/sites/${site}/search?nickname=${s.nickname}`));
      for (const item of body.results) {
        if (item.shipping.free_shipping) expect(item.shipping.mode, item.id).toBe('me2');
      }
    }
    expect(rows.filter((r) => r.free_shipping === 1).every((r) => r.shipping_mode === 'me2')).toBe(true);
  });

  it('names sorts, filters and values in Portuguese on MLB, in Spanish elsewhere', async () => {
    const pt = siteSearchSchema.parse(
      await api.json('/sites/MLB/search?nickname=LOJA_PINHEIROS&sort=price_asc'),
    );
    expect(pt.sort).toEqual({ id: 'price_asc', name: 'Menor preço' });
    expect(pt.available_sorts).toEqual([
      { id: 'relevance', name: 'Mais relevantes' },
      { id: 'price_desc', name: 'Maior preço' },
    ]);
    const condition = pt.available_filters.find((f) => f.id === 'condition')!;
    expect(condition.name).toBe('Condição');
    expect(condition.values.map((v) => v.name)).toEqual(expect.arrayContaining(['Novo']));
    expect(pt.results[0]!.attributes[0]).toMatchObject({ name: 'Condição do item' });
    const es = siteSearchSchema.parse(await api.json('/sites/MLM/search?nickname=BAZAR_COYOACAN'));
    expect(es.sort).toEqual({ id: 'relevance', name: 'Más relevantes' });
    expect(es.available_filters.find((f) => f.id === 'condition')!.name).toBe('Condición');
  });
});
