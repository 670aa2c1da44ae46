import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { feedbackSchema, operatorListSchema, operatorSchema } from '@mostrador/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from './db/dialect.ts';
import { createTokenRepository } from './oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from './seed/generate.ts';
import { expectError, seededApi, type TestApi } from './test-support.ts';

// Writes that race on a unique key, sent at once over real connections: on PostgreSQL each request has its own
// connection and transaction, so a writer can pass a check for an existing row that another is about to write and
// meet the key instead. Every loser answers as the same request sent alone would (409), never 500.

const RACERS = 30;
// Connections of the server's pool (a deployment's default is 10): the racers queue for them as they would there.
// With the tests' usual 4, a busy machine kept them waiting past the pool's 10 s limit.
const POOL_SIZE = 10;

let api: TestApi;
let server: ReturnType<typeof serve>;
let base: string;
let seller: TestApi['sellers'][number];

beforeAll(async () => {
  api = await seededApi({ orders: 200, poolSize: POOL_SIZE });
  seller = api.sellers[0]!;
  server = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The same request `RACERS` times at once, each on a connection of its own; `answered` counts the answers as they
 * come.
 */
function send(path: string, token: string, body: unknown, answered = { count: 0 }): Promise<Response[]> {
  return Promise.all(
    Array.from({ length: RACERS }, () =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          connection: 'close',
        },
        body: JSON.stringify(body),
      }).finally(() => {
        answered.count += 1;
      }),
    ),
  );
}

/**
 * The same request `RACERS` times at once. On PostgreSQL the race is made certain rather than likely: a
 * transaction holds `table` in SHARE mode (reads go on, inserts wait) until at least two requests wait, each having
 * read that nothing is there (on the table, or on a lock the first holds); then it lets them all go. It lets them go
 * too once every request that does not wait has answered, so an answer other than the one expected is reported,
 * never waited for. On SQLite writers take turns, and the requests simply go at once.
 */
async function race(table: string, path: string, token: string, body: unknown): Promise<Response[]> {
  if (!isPostgres(api.store.db)) return send(path, token, body);
  const answered = { count: 0 };
  let answers: Promise<Response[]> | undefined;
  await api.store.db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
    answers = send(path, token, body, answered);
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(distinct l.pid)::int as n
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`.execute(trx);
      const waiting = rows[0]!.n;
      if (waiting >= 2 || answered.count + waiting >= RACERS) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return answers!;
}

/** The one answer `created`, after checking every other is the 409 `code` a repeated request alone gets. */
async function oneWinner(answers: Response[], created: number, code: string) {
  const winners = answers.filter((res) => res.status === created);
  const losers = answers.filter((res) => res.status !== created);
  expect(answers.map((res) => res.status).sort(), 'one writer wins, the others are told it exists').toEqual([
    created,
    ...Array(RACERS - 1).fill(409),
  ]);
  for (const res of losers) await expectError(res, 409, code);
  return winners[0]!;
}

describe('writes racing on a unique key', () => {
  it('adds an operator once; the other adds answer 409 as a second add alone does', async () => {
    const demo = new Set(api.manifest.users.map((u) => u.id));
    const { id } = await api.store.db
      .selectFrom('users')
      .select('id')
      .where('id', 'not in', [...demo])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const operator = Number(id);
    const path = `/users/${seller.id}/operators`;
    const body = { user_id: operator, permissions: ['orders.read'] };
    const winner = await oneWinner(
      await race('account_operators', path, seller.access_token, body),
      201,
      'conflict',
    );
    expect(operatorSchema.parse(await winner.json())).toMatchObject({ user_id: operator });
    const team = operatorListSchema.parse(await api.json(path, seller.access_token));
    expect(team.operators.filter((o) => o.user_id === operator)).toHaveLength(1);
    // Alone, the same add is the same refusal.
    const alone = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await expectError(alone, 409, 'conflict');
  });

  it('records one feedback per side of an order; the others answer 409', async () => {
    const row = await api.store.db
      .selectFrom('orders')
      .select(['id', 'buyer_id'])
      .where('seller_id', '=', seller.id)
      .where('feedback_status', '=', 'pending')
      .where('status', 'not in', ['cancelled', 'manually_cancelled'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { token } = await createTokenRepository(api.store.db).issue(
      DEMO_APPLICATION_ID,
      Number(row.buyer_id),
      new Date(),
    );
    const answers = await race('feedback', `/orders/${row.id}/feedback`, token, {
      fulfilled: true,
      rating: 'positive',
    });
    const winner = await oneWinner(answers, 201, 'feedback_already_exists');
    expect(feedbackSchema.parse(await winner.json())).toMatchObject({ rating: 'positive' });
  });
});
