import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { auditFileOf, openStore } from '../db/store.ts';
import { seedStore } from '../seed/seed.ts';
import { SEED_NOW } from '../test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the access log of a file store (decision 0086)', () => {
  it('writes each disclosure to the audit file before the answer leaves, and none to the store’s own file', async () => {
    const file = join(dir, 'marketplace.db');
    const store = await openStore({ file });
    const manifest = await seedStore(store, { orders: 300, seed: 5, now: SEED_NOW });
    const seller = manifest.users.find((u) => u.role === 'seller')!;
    const app = createMarketplaceApi({ store });
    const headers = { authorization: `Bearer ${seller.access_token}` };
    const page = await app.request(`/orders/search?seller=${seller.id}&order.status=paid&limit=20`, {
      headers,
    });
    expect(page.status).toBe(200);
    const { results } = (await page.json()) as { results: { id: number; buyer: { id: number } }[] };
    expect(results.length).toBeGreaterThan(0);
    const one = await app.request(`/orders/${results[0]!.id}`, { headers });
    expect(one.status).toBe(200);

    // Read through another connection while the store is still open: the rows are committed already.
    const audit = new SqliteDatabase(auditFileOf(file), { readonly: true });
    const rows = audit
      .prepare(
        'select accessor_user_id, subject_user_id, resource from personal_data_access_log order by rowid',
      )
      .all() as { accessor_user_id: number; subject_user_id: number; resource: string }[];
    audit.close();
    const buyers = new Set(results.map((o) => o.buyer.id));
    expect(rows.filter((r) => r.resource === 'GET /orders/search').length).toBe(buyers.size);
    expect(rows.filter((r) => r.resource === 'GET /orders/{order_id}')).toEqual([
      {
        accessor_user_id: seller.id,
        subject_user_id: results[0]!.buyer.id,
        resource: 'GET /orders/{order_id}',
      },
    ]);
    const main = new SqliteDatabase(file, { readonly: true });
    const tables = main
      .prepare("select name from sqlite_master where name = 'personal_data_access_log'")
      .all();
    main.close();
    expect(tables).toEqual([]);
    await store.close();
  }, 60_000);
});
