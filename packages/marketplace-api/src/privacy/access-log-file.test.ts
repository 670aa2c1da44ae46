import { spawn } from 'node:child_process';
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

type LogRow = { accessor_user_id: number; subject_user_id: number; resource: string };

/** The log as another process sees it. */
function readLog(file: string): LogRow[] {
  const audit = new SqliteDatabase(auditFileOf(file), { readonly: true });
  try {
    return audit
      .prepare(
        'select accessor_user_id, subject_user_id, resource from personal_data_access_log order by rowid',
      )
      .all() as LogRow[];
  } finally {
    audit.close();
  }
}

describe('the access log of a file store (decisions 0086, 0240)', () => {
  it('keeps each disclosure before the answer leaves, in the audit file and none in the store’s file', async () => {
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

    // Read through another connection while the store is still open: the rows are kept already.
    const rows = readLog(file);
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
    // The account's own view of the log sees the same rows at once.
    const view = await app.request(`/users/${seller.id}/personal_data_access_log?limit=100`, { headers });
    expect(((await view.json()) as { paging: { total: number } }).paging.total).toBe(rows.length);
    await store.close();
  }, 60_000);

  it('keeps the disclosures a process answered before it was killed', async () => {
    const file = join(dir, 'killed.db');
    const seeded = await openStore({ file });
    const manifest = await seedStore(seeded, { orders: 200, seed: 9, now: SEED_NOW });
    await seeded.close();
    const seller = manifest.users.find((u) => u.role === 'seller')!;
    // A process that answers reads of orders until it is killed, reporting each answered order on stdout.
    const script = `
      import { createMarketplaceApi } from './packages/marketplace-api/src/app.ts';
      import { openStore } from './packages/marketplace-api/src/db/store.ts';
      const store = await openStore({ file: ${JSON.stringify(file)} });
      const app = createMarketplaceApi({ store });
      const headers = { authorization: 'Bearer ${seller.access_token}' };
      const page = await app.request('/orders/search?seller=${seller.id}&order.status=paid&limit=5', { headers });
      const { results } = await page.json();
      for (;;) for (const o of results) {
        const res = await app.request('/orders/' + o.id, { headers });
        if (res.status === 200) process.stdout.write(o.id + ':' + o.buyer.id + '\\n');
      }`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let answered = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        answered += String(chunk);
        if (answered.split('\n').length > 200 && child.signalCode === null) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`the reader exited ${code}`));
      });
    });
    await new Promise((resolve) => child.once('close', resolve));
    const lines = answered.split('\n').filter((l) => /^\d+:\d+$/.test(l));
    const rows = readLog(file).filter((r) => r.resource === 'GET /orders/{order_id}');
    // Every answer it gave was kept (the process may have kept a few more it never got to answer).
    expect(rows.length).toBeGreaterThanOrEqual(lines.length);
    const kept = rows.map((r) => r.subject_user_id);
    for (const line of lines) expect(kept).toContain(Number(line.split(':')[1]));
  }, 60_000);
});
