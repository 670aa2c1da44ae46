import { optionsDescriptionSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

describe('OPTIONS (spec 4.4)', () => {
  it('describes every resource', async () => {
    for (const path of [
      '/currencies',
      '/currencies/ARS',
      '/orders/2000003456789012',
      '/orders/search',
      '/shipments/1',
      '/currency_conversions/search',
      '/orders/1/discounts',
      '/orders/1/product',
    ]) {
      const res = await api.app.request(path, { method: 'OPTIONS' });
      expect(res.status, path).toBe(200);
      const description = optionsDescriptionSchema.parse(await res.json());
      expect(description.methods.length, path).toBeGreaterThan(0);
      expect(Object.keys(description.attributes).length, path).toBeGreaterThan(0);
      expect(res.headers.get('allow')).toContain('GET');
    }
  });

  it('answers unknown resources with the error body', async () => {
    await expectError(await api.app.request('/nothing/here', { method: 'OPTIONS' }), 404, 'not_found');
  });
});
