import { locationSearchResultSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../test-support.ts';

let kit: Kit;

beforeAll(async () => {
  kit = await createKit();
});

const search = async (query: string) => {
  const res = await kit.browser().request(`/bff/locations/search?${query}`);
  expect(res.status).toBe(200);
  return locationSearchResultSchema.parse(await res.json());
};

describe('GET /bff/locations/search', () => {
  it('finds a neighborhood by name, labelled with what contains it', async () => {
    const { results } = await search('q=Palermo');
    expect(results[0]).toMatchObject({
      level: 'neighborhood',
      name: 'Palermo',
      label: 'Palermo, Capital Federal, Argentina',
      country: { id: 'AR', name: 'Argentina' },
      city: { name: 'Capital Federal' },
    });
  });

  it('matches without accents or case, and says whether a city has neighborhoods', async () => {
    const polonio = (await search('q=cabo%20polonio')).results[0];
    expect(polonio).toMatchObject({
      level: 'city',
      label: 'Cabo Polonio, Rocha, Uruguay',
      has_neighborhoods: false,
    });
    const cordoba = (await search('q=cordoba&country=AR')).results.filter((r) => r.level === 'city');
    expect(cordoba.some((r) => r.name === 'Córdoba' && r.has_neighborhoods === true)).toBe(true);
  });

  it('narrows to a country and limits the answer', async () => {
    const { results } = await search('q=sa&country=BR&limit=3');
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.every((r) => r.country.id === 'BR')).toBe(true);
  });

  it('refuses bad queries with the error body', async () => {
    for (const query of [
      'q=a',
      'q=%00x',
      `q=${'x'.repeat(65)}`,
      'q=pa&country=arg',
      'q=pa&limit=0',
      'q=pa&x=1',
      '',
    ]) {
      const res = await kit.browser().request(`/bff/locations/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request', status: 400 });
    }
  });
});
