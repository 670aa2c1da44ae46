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

  const LOOKUP = 'select id, kind from things where id = any($1) order by id';

  it('prepares each statement once per connection, and answers as a plain query does', async () => {
    const prepared = preparedReads(url, 1);
    const plain = new pg.Client({ connectionString: url });
    await plain.connect();
    try {
      for (const ids of [[1], [2, 3], [4, 5, 6], [7]]) {
        const expected = (await plain.query(LOOKUP, [ids])).rows.map((r) => ({
          id: String(r.id),
          kind: r.kind,
        }));
        const got = (await prepared.read<{ id: unknown; kind: string }>(LOOKUP, [ids])).map((r) => ({
          id: String(r.id),
          kind: r.kind,
        }));
        expect(got).toEqual(expected);
      }
      const statements = await prepared.read<{ n: string }>(
        'select count(*) as n from pg_prepared_statements where statement = $1',
        [LOOKUP],
      );
      expect(Number(statements[0]!.n)).toBe(1);
    } finally {
      await plain.end();
      await prepared.close();
    }
  }, 60_000);
});
