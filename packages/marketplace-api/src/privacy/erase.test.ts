import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderSchema } from '@mostrador/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../db/store.ts';
import { createPartyCards } from '../orders/read-model/party-cards.ts';
import { seedStore } from '../seed/seed.ts';
import { expectError, SEED_NOW, seededApi, type TestApi } from '../test-support.ts';
import { erasePersonalData } from './erase.ts';
import { erasedNickname } from './privacy-repository.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 200 });
});

const sealedColumns = [
  'first_name_enc',
  'last_name_enc',
  'email_enc',
  'email_bidx',
  'phone_enc',
  'alternative_phone_enc',
  'identification_enc',
  'address_enc',
  'address_state',
  'address_city',
] as const;

describe('erasePersonalData', () => {
  it("removes the user's personal data, revokes the tokens, forgets cached cards and keeps the orders", async () => {
    const buyer = api.buyers[0]!;
    const seller = api.sellers[0]!;
    const order = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('buyer_id', '=', buyer.id)
      .where('seller_id', '=', seller.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const parties = createPartyCards(api.store.db, api.store.keyring);
    await parties.sync(await api.store.changes.read());
    const cardBefore = JSON.parse((await parties.card(buyer.id, 'single', true)).toString('utf8'));
    expect(cardBefore.first_name).toEqual(expect.any(String));

    const result = await erasePersonalData(api.store, buyer.id, { now: Date.now() });
    await parties.sync(await api.store.changes.read());
    expect(result).toEqual({ erased: true, tokensRevoked: 1 });

    const row = await api.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    for (const column of sealedColumns) expect(row[column], column).toBeNull();
    expect(row.nickname).toBe(erasedNickname(buyer.id));
    expect(JSON.parse((await parties.card(buyer.id, 'single', true)).toString('utf8'))).toMatchObject({
      nickname: `DELETED_${buyer.id}`,
      first_name: null,
      last_name: null,
      phone: { number: null },
    });

    await expectError(await api.get(`/orders/${order.id}`, buyer.access_token), 401, 'invalid_token');
    // The seller keeps the sale; the app's own cache was never filled with this buyer, so it shows the tombstone.
    const seen = orderSchema.parse(await api.json(`/orders/${order.id}`, seller.access_token));
    expect(seen.buyer).toMatchObject({ id: String(buyer.id), nickname: `DELETED_${buyer.id}` });
    expect(seen.buyer.first_name ?? null).toBeNull();
  });

  it('reports a user that does not exist, changing nothing', async () => {
    expect(await erasePersonalData(api.store, 42, { now: Date.now() })).toEqual({
      erased: false,
      tokensRevoked: 0,
    });
  });
});

describe('npm run privacy -- erase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-privacy-'));
  const file = join(dir, 'marketplace.db');
  let userId = 0;
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const cli = (...args: string[]) =>
    spawnSync(join(root, 'node_modules/.bin/tsx'), ['packages/marketplace-api/src/privacy/cli.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });

  beforeAll(async () => {
    const store = await openStore({ file });
    const manifest = await seedStore(store, { orders: 30, seed: 5, now: SEED_NOW });
    userId = manifest.users.find((u) => u.role === 'seller')!.id;
    await store.close();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('erases a user of the given database', async () => {
    const run = cli('erase', '--user', String(userId), '--db', file);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ erased: userId, tokens_revoked: 1 });
    const store = await openStore({ file });
    const row = await store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await store.close();
    expect(row.nickname).toBe(`DELETED_${userId}`);
    for (const column of sealedColumns) expect(row[column], column).toBeNull();
  }, 120_000);

  it('fails with a usage error or an unknown user', () => {
    expect(cli('erase', '--db', file).status).toBe(2);
    expect(cli('erase', '--user', 'abc', '--db', file).status).toBe(2);
    expect(cli('shred', '--user', '1', '--db', file).status).toBe(2);
    expect(cli('erase', '--user', '1', '--db', join(dir, 'missing.db')).status).toBe(2);
    const unknown = cli('erase', '--user', '42', '--db', file);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no user 42');
  }, 120_000);
});
