import { readFileSync } from 'node:fs';
import { currencyConversionSchema, currencyListSchema, currencySchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 50 });
});

describe('currencies', () => {
  it('lists the platform currencies with their decimal places, without a token', async () => {
    const list = currencyListSchema.parse(await api.json('/currencies'));
    expect(list).toHaveLength(20);
    // In the platform's order, as recorded (not alphabetical: GTQ, BOB, HNL… follow VEF).
    const recorded = currencyListSchema.parse(
      JSON.parse(
        readFileSync(
          new URL(
            '../../../contracts/fixtures/real/currencies/ralvarezdev-mercadolibre-go-sdk-1.json',
            import.meta.url,
          ),
          'utf8',
        ),
      ),
    );
    expect(list.map((c) => c.id)).toEqual(recorded.map((c) => c.id));
    expect(list.find((c) => c.id === 'CLP')?.decimal_places).toBe(0);
    expect(list.find((c) => c.id === 'ARS')).toEqual({
      id: 'ARS',
      description: 'Peso argentino',
      symbol: '$',
      decimal_places: 2,
    });
  });

  it('reads one currency and refuses unknown or malformed ids', async () => {
    expect(currencySchema.parse(await api.json('/currencies/BRL')).symbol).toBe('R$');
    await expectError(await api.get('/currencies/XXX'), 404, 'not_found');
    await expectError(await api.get('/currencies/brl'), 400, 'bad_request');
  });

  it('gives consistent conversion ratios with the time of the rates', async () => {
    const res = await api.get('/currency_conversions/search?from=ARS&to=USD');
    expect(res.status).toBe(200);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    const there = currencyConversionSchema.parse(await res.json()).ratio;
    const back = currencyConversionSchema.parse(
      await api.json('/currency_conversions/search?from=USD&to=ARS'),
    ).ratio;
    expect(there * back).toBeCloseTo(1, 6);
    const viaBrl =
      currencyConversionSchema.parse(await api.json('/currency_conversions/search?from=ARS&to=BRL')).ratio *
      currencyConversionSchema.parse(await api.json('/currency_conversions/search?from=BRL&to=USD')).ratio;
    expect(viaBrl).toBeCloseTo(there, 8);
    expect(
      currencyConversionSchema.parse(await api.json('/currency_conversions/search?from=MXN&to=MXN')).ratio,
    ).toBe(1);
  });

  it('rejects missing, malformed and unknown currencies', async () => {
    const missing = await expectError(
      await api.get('/currency_conversions/search?from=ARS'),
      400,
      'bad_request',
    );
    expect(missing.cause).toEqual([expect.objectContaining({ code: 'invalid_to' })]);
    await expectError(await api.get('/currency_conversions/search?from=ars&to=USD'), 400, 'bad_request');
    await expectError(await api.get('/currency_conversions/search?from=ARS&to=XYZ'), 404, 'not_found');
  });
});
