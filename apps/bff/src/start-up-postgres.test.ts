import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring } from '@mostrador/server-kit/store';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refusedStart,
  type ServerProcess,
  signIn,
  startOutcome,
  startServerProcess,
} from './server-process.ts';

/**
 * Instances of the server, each a process of its own, on one PostgreSQL database as behind a load balancer, with
 * the keys a deployment passes them. Needs `TEST_DATABASE_URL`; skipped otherwise.
 */
const run = testDatabaseUrl ? describe : describe.skip;

run('several instances on one PostgreSQL database', () => {
  let url: string;
  let database: string;
  const keys = generateKeyring();
  const started: ServerProcess[] = [];
  const start = (port: string, overrides: Record<string, string> = {}) => {
    const server = startServerProcess({
      PORT: port,
      DATABASE_URL: url,
      DATA_KEYS: keys.keys,
      DATA_INDEX_KEY: keys.indexKey,
      DEMO_ORDERS: '20',
      SIGNIN_LIMIT_PER_15_MINUTES: '1000',
      ...overrides,
    });
    started.push(server);
    return server;
  };
  const registration = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const secret = await client.query('select client_secret_hash from applications order by id limit 1');
      const redirects = await client.query('select redirect_uri from oauth_redirect_uris order by 1');
      return {
        secretHash: secret.rows[0]?.client_secret_hash as string,
        redirects: redirects.rows.map((r) => r.redirect_uri as string),
      };
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    ({ url, database } = await createTestDatabase());
  });

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    if (database) await dropTestDatabase(database);
  }, 60_000);

  it('share one client secret: each signs in, before and after the others start', async () => {
    const first = start('0');
    const firstUrl = await first.listening;
    expect(await signIn(firstUrl)).toBe('/orders');
    const before = await registration();
    const second = start('0');
    const secondUrl = await second.listening;
    expect(await signIn(secondUrl)).toBe('/orders');
    expect(await signIn(firstUrl)).toBe('/orders');
    const after = await registration();
    expect(after.secretHash).toBe(before.secretHash);
    expect(after.redirects).toEqual(
      expect.arrayContaining([...before.redirects, `${secondUrl}/bff/callback`]),
    );
    // A start on a port already taken changes nothing and says so in one line.
    const third = start(new URL(firstUrl).port);
    expect(await startOutcome(third)).toBe(1);
    expect(third.output().trim()).toMatch(
      /^Mostrador cannot start: port \d+ on 127\.0\.0\.1 is already in use/,
    );
    expect(await registration()).toEqual(after);
    expect(await signIn(firstUrl)).toBe('/orders');
  }, 180_000);

  it('refuse to start with keys other than the ones the data is sealed with', async () => {
    const other = generateKeyring();
    const stranger = await refusedStart({
      PORT: '0',
      DATABASE_URL: url,
      DATA_KEYS: other.keys,
      DATA_INDEX_KEY: other.indexKey,
    });
    expect(stranger.outcome).toBe(1);
    expect(stranger.output).toBe(
      `Mostrador cannot start: the keys in DATA_KEYS and DATA_INDEX_KEY are not the ones the personal data in PostgreSQL database ${database} is sealed with. Use the keys it was created with.`,
    );
  }, 120_000);
});
