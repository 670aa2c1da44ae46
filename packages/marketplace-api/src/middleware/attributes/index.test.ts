import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi, unwrapJsonp } from '../../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

describe('attributes (spec 4.5)', () => {
  it('keeps only the named fields, element by element in lists', async () => {
    const list = (await api.json('/currencies?attributes=id,decimal_places')) as object[];
    expect(list[0]).toEqual({ id: expect.any(String), decimal_places: expect.any(Number) });
    const one = await api.json('/currencies/BRL?attributes=symbol');
    expect(one).toEqual({ symbol: 'R$' });
  });

  it('works with JSONP and on the order search envelope', async () => {
    const seller = api.sellers[0]!;
    const env = (await api.json(
      `/orders/search?seller=${seller.id}&attributes=paging`,
      seller.access_token,
    )) as object;
    expect(Object.keys(env)).toEqual(['paging']);
    const res = await api.get('/currencies/BRL?attributes=id&callback=cb');
    expect(unwrapJsonp(await res.text(), 'cb')[2]).toEqual({ id: 'BRL' });
  });

  it('rejects malformed field lists', async () => {
    await expectError(await api.get('/currencies?attributes=id,,symbol'), 400, 'bad_request');
    await expectError(await api.get('/currencies?attributes=id;drop'), 400, 'bad_request');
    // At most 100 names: at the cap it answers, one past it is refused naming the cap.
    const names = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'id' : `f${i}`)).join(',');
    expect((await api.get(`/currencies?attributes=${names(100)}`)).status).toBe(200);
    const past = await expectError(await api.get(`/currencies?attributes=${names(101)}`), 400, 'bad_request');
    expect(past.message).toBe('attributes takes at most 100 field names');
  });
});
