import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, recreateDatabase } from './pool.ts';
import { preparedReads } from './prepared-reads.ts';

const pgUrl = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!pgUrl)('prepared reads on PostgreSQL', () => {
  let url: string;

  beforeAll(async () => {
    const target = new URL(pgUrl!);
    target.pathname = `/reads_${randomBytes(6).toString('hex')}`;
    url = target.toString();
    await recreateDatabase(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('create table things (id bigint primary key, kind text not null)');
      await client.query("insert into things select g, 'k' || (g % 7) from generate_series(1, 2000) g");
      await client.query('analyze things');
    } finally {
      await client.end();
    }
  }, 60_000);

  afterAll(async () => {
    if (url) await dropDatabase(url);
  });

  /** The plans PostgreSQL made for a statement on a reader's connection, as that connection counts them. */
  async function plansOf(read: ReturnType<typeof preparedReads>['read'], sql: string) {
    const [row] = await read<{ generic_plans: string; custom_plans: string }>(
      'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
      [sql],
    );
    return { generic: Number(row!.generic_plans), custom: Number(row!.custom_plans) };
  }

  const LOOKUP = 'select id, kind from things where id = any($1) order by id';

  it('plans a generic reader’s statement once, for any values, and answers as the custom reader does', async () => {
    const custom = preparedReads(url, 1);
    const generic = preparedReads(url, 1, 'generic');
    try {
      for (const ids of [[1], [2, 3], [4, 5, 6], [7], [8, 9], [10], [11, 12, 13, 14], [15]]) {
        expect(await generic.read(LOOKUP, [ids])).toEqual(await custom.read(LOOKUP, [ids]));
      }
      expect(await plansOf(generic.read, LOOKUP)).toEqual({ generic: 8, custom: 0 });
      // PostgreSQL's own choice plans each of the first executions for its values.
      expect((await plansOf(custom.read, LOOKUP)).custom).toBeGreaterThanOrEqual(5);
      const [mode] = await generic.read<{ plan_cache_mode: string }>('show plan_cache_mode', []);
      expect(mode!.plan_cache_mode).toBe('force_generic_plan');
      const [own] = await custom.read<{ plan_cache_mode: string }>('show plan_cache_mode', []);
      expect(own!.plan_cache_mode).toBe('auto');
    } finally {
      await Promise.all([custom.close(), generic.close()]);
    }
  }, 60_000);
});
