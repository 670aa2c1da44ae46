import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { ingestJournal, journalDirOf, openJournalWriter } from '../db/audit-journal.mjs';
import { auditFileOf, openStore } from '../db/store.ts';
import { seedStore } from '../seed/seed.ts';
import { SEED_NOW } from '../test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type LogRow = { accessor_user_id: number; subject_user_id: number; resource: string };

/** The log as another process sees it: it moves what the journal holds first, as any reader of the log does. */
function readLog(file: string): LogRow[] {
  const audit = new SqliteDatabase(auditFileOf(file));
  audit.pragma('busy_timeout = 5000');
  try {
    ingestJournal(audit, auditFileOf(file));
    return audit
      .prepare(
        'select accessor_user_id, subject_user_id, resource from personal_data_access_log order by rowid',
      )
      .all() as LogRow[];
  } finally {
    audit.close();
  }
}

const emptyLog = (path: string) => {
  const audit = new SqliteDatabase(path);
  audit.exec(`create table personal_data_access_log (accessor_user_id bigint not null, application_id bigint not null,
    subject_user_id bigint not null, accessed_at bigint not null, resource text not null, fields text not null,
    operator_user_id bigint);
    create table journal_segments (name text primary key, "offset" bigint not null, done integer not null)`);
  return audit;
};

describe('the access log of a file store (decisions 0086, 0088)', () => {
  it('keeps each disclosure before the answer leaves, in the audit file’s journal and none in the store’s file', async () => {
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
    // Closing moved everything: no segment is left behind.
    expect(readdirSync(journalDirOf(auditFileOf(file)))).toEqual([]);
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

  it('moves a line once however many movers run, drops a dead writer’s half line, and removes done segments', () => {
    const auditFile = join(dir, 'movers.audit.db');
    const first = emptyLog(auditFile);
    const second = new SqliteDatabase(auditFile);
    // Segments of 100 bytes: two lines each, so the writer rotates.
    const writer = openJournalWriter(auditFile, 100);
    const row = (n: number) => [
      100 + n,
      7,
      200 + n,
      1_790_000_000_000 + n,
      'GET /orders/{order_id}',
      'phone',
      null,
    ];
    for (let n = 0; n < 10; n++) writer.append([row(n)]);
    expect(readdirSync(journalDirOf(auditFile)).length).toBeGreaterThan(2);
    const moved = ingestJournal(first, auditFile) + ingestJournal(second, auditFile);
    expect(moved).toBe(10);
    writer.append([row(10), row(11)]);
    expect(ingestJournal(second, auditFile) + ingestJournal(first, auditFile)).toBe(2);
    const count = () =>
      (first.prepare('select count(*) n from personal_data_access_log').get() as { n: number }).n;
    expect(count()).toBe(12);
    // Only the segment still being written stays.
    expect(readdirSync(journalDirOf(auditFile))).toHaveLength(1);
    writer.close();

    // A writer that died mid-line (pid 2147483646 is never running): its complete lines move, the half is dropped.
    const dead = join(journalDirOf(auditFile), '2147483646-0badf00d.000000.log');
    appendFileSync(dead, `${JSON.stringify(row(20))}\n${JSON.stringify(row(21)).slice(0, 25)}`);
    expect(ingestJournal(first, auditFile)).toBe(1);
    expect(count()).toBe(13);
    expect(readdirSync(journalDirOf(auditFile))).not.toContain('2147483646-0badf00d.000000.log');
    first.close();
    second.close();
  });

  /** The log's rows as the journal's lines give them: every column, in the order they were written. */
  const keptRows = (log: SqliteDatabase.Database) =>
    log
      .prepare(
        'select accessor_user_id, application_id, subject_user_id, accessed_at, resource, fields, operator_user_id ' +
          'from personal_data_access_log order by rowid',
      )
      .raw()
      .all();

  it('writes every id and time as it is, of any size', () => {
    const auditFile = join(dir, 'numbers.audit.db');
    const log = emptyLog(auditFile);
    const writer = openJournalWriter(auditFile);
    const values = [
      0, 7, 999_999_999, 1_000_000_000, 1_000_000_001, 1_000_012_345, 1_000_100_000, 1_790_000_000_000,
      1_790_000_012_345, 1_790_000_123_456, 999_999_999_999_999, 1_000_000_000_000_000, 5_503_910_054_141_466,
    ];
    const rows = values.map((v, i) => [
      v,
      values[(i + 3) % values.length]!,
      v,
      v,
      'GET /users/{user_id}',
      'phone',
      i % 2 ? v : null,
    ]);
    writer.append(rows.slice(0, 5));
    for (const row of rows.slice(5)) writer.append([row]);
    expect(ingestJournal(log, auditFile)).toBe(rows.length);
    const kept = keptRows(log);
    expect(kept).toEqual(rows);
    writer.close();
    log.close();
  });

  it('writes a read that disclosed many people as one line listing them, and moves it as a row for each', () => {
    const auditFile = join(dir, 'pages.audit.db');
    const log = emptyLog(auditFile);
    const writer = openJournalWriter(auditFile);
    const read = (reader: number, at: number, subjects: number[], operator: number | null = null) =>
      subjects.map((subject) => [
        reader,
        5503910054141466,
        subject,
        at,
        'GET /orders/search',
        'first_name,last_name,phone,alternative_phone',
        operator,
      ]);
    const page = Array.from({ length: 50 }, (_, i) => 100_000_000 + i * 7);
    // One write of three reads: a page, the same reader's next page a millisecond later, another reader's page.
    const rows = [
      ...read(1_001, 1_790_000_000_000, page),
      ...read(1_001, 1_790_000_000_001, page.slice(0, 3)),
      ...read(1_002, 1_790_000_000_001, [5, 5, 6], 999_000_001),
      ...read(
        1_002,
        1_790_000_000_001,
        Array.from({ length: 2_100 }, (_, i) => 300_000_000 + i),
      ),
    ];
    writer.append(rows);
    const segmentFile = join(journalDirOf(auditFile), `${writer.id}.000000.log`);
    const segment = readFileSync(segmentFile, 'utf8');
    // The last read lists more people than one line holds: three lines of at most a thousand.
    expect(segment.split('\n').filter(Boolean)).toHaveLength(6);
    expect(segment.split('\n')[0]).toBe(
      `[1001,5503910054141466,[${page.join(',')}],1790000000000,"GET /orders/search",` +
        '"first_name,last_name,phone,alternative_phone",null]',
    );
    // Lines a failed or foreign write left: an empty list, a list with what is not an id. Neither is a row.
    appendFileSync(
      segmentFile,
      '[1,2,[],3,"GET /orders/search","phone",null]\n[1,2,[4,-5],3,"GET /orders/search","phone",null]\n',
    );
    writer.append(read(1_003, 1_790_000_000_002, [9]));
    expect(ingestJournal(log, auditFile)).toBe(rows.length + 1);
    expect(keptRows(log)).toEqual([...rows, ...read(1_003, 1_790_000_000_002, [9])]);
    writer.close();
    log.close();
  });

  it('moves hundreds of lines in one go, each row whole and in order, a broken line among them left out', () => {
    const auditFile = join(dir, 'many.audit.db');
    const log = emptyLog(auditFile);
    const writer = openJournalWriter(auditFile);
    const row = (n: number) => [
      1_000 + n,
      5503910054141466,
      2_000 + n,
      1_790_000_000_000 + n,
      n % 2 ? 'GET /orders/search' : 'GET /orders/{order_id}',
      'first_name,last_name,phone,alternative_phone',
      n % 3 ? null : 999_000_001,
    ];
    // 64 rows go in one statement: three full ones and a rest, around a line that is not a row.
    for (let n = 0; n < 100; n++) writer.append([row(n)]);
    appendFileSync(join(journalDirOf(auditFile), `${writer.id}.000000.log`), '["not", "a row"]\n');
    for (let n = 100; n < 197; n++) writer.append([row(n)]);
    expect(ingestJournal(log, auditFile)).toBe(197);
    const kept = keptRows(log);
    expect(kept).toEqual(Array.from({ length: 197 }, (_, n) => row(n)));
    writer.close();
    log.close();
  });
});
