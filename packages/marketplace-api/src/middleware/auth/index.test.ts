import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

describe('tokens', () => {
  it('are stored hashed and stop working when expired', async () => {
    const rows = await api.store.db.selectFrom('access_tokens').select(['token_hash', 'user_id']).execute();
    for (const u of api.manifest.users) {
      expect(rows.some((r) => r.token_hash === u.access_token)).toBe(false);
      expect(rows.some((r) => r.token_hash.includes(u.access_token.slice(-20)))).toBe(false);
    }
    const seller = api.sellers[0]!;
    await api.store.db
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', api.sellers[2]!.id)
      .execute();
    await expectError(
      await api.get(`/orders/search?seller=${api.sellers[2]!.id}`, api.sellers[2]!.access_token),
      401,
      'invalid_token',
    );
    expect((await api.get(`/orders/search?seller=${seller.id}`, seller.access_token)).status).toBe(200);
    await expectError(
      await api.get('/currencies', undefined, { authorization: 'Basic abc' }),
      401,
      'invalid_token',
    );
  });
});
