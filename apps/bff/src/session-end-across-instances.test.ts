import { createHash } from 'node:crypto';
import {
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
  ensureDemoData,
  type SeedManifest,
  type Store,
} from '@mostrador/marketplace-api';
import { openSecondStore, openTestStore, testDatabaseUrl } from '@mostrador/marketplace-api/test-support';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBffApp } from './app.ts';
import { type BffDatabase, type BffStore, migrateBff } from './db/migrate.ts';
import { createEventSignal, type EventSignal } from './live-updates/event-signal.ts';
import { listen } from './live-updates/live-test-support.ts';
import { SseClient } from './live-updates/sse-test-client.ts';
import { API_BASE_PATH } from './marketplace.ts';
import { CLIENT_SECRET, LOOSE_LIMITS } from './test-support.ts';

/**
 * Two BFF instances over real HTTP on one store: on PostgreSQL two store handles (two pools) on one database, as
 * behind a load balancer; on SQLite two instances in one process on one store handle (the in-process path). A
 * session ended on A must close the event streams its cookie opened on B.
 */
interface Instance {
  url: string;
  signal: EventSignal;
  stop(): Promise<void>;
}

let manifest: SeedManifest;
let storeA: Store;
let a: Instance;
let b: Instance;
const streams: SseClient[] = [];

async function instance(store: Store, bffStore: BffStore): Promise<Instance> {
  // Connects again soon after a loss, for the test of a lost signal connection.
  const signal = createEventSignal(bffStore, { reconnectMs: 100 });
  const bff = createBffApp({
    marketplace: createMarketplaceApi({ store, localUse: true, basePath: API_BASE_PATH }),
    store: bffStore,
    oauth: {
      clientId: DEMO_APPLICATION_ID,
      clientSecret: CLIENT_SECRET,
      authorizationUrl: '/api/authorization',
    },
    limits: LOOSE_LIMITS,
    liveUpdates: { sourceCheck: 'loopback', heartbeatMs: 60_000 },
    eventSignal: signal,
  });
  const live = bff.liveUpdates.start();
  const http = await listen(bff.app);
  return {
    url: http.url,
    signal,
    async stop() {
      await http.close();
      await live.stop();
      await signal.close();
    },
  };
}

const token = (nickname: string) => manifest.users.find((u) => u.nickname === nickname)!;

/** Signs in with an access token (on top of the session `cookie` names, when given); answers the new cookie. */
async function signIn(on: Instance, nickname: string, cookie?: string): Promise<string> {
  const res = await fetch(`${on.url}/bff/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      origin: on.url,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ access_token: token(nickname).access_token }),
  });
  expect(res.status).toBe(200);
  await res.body?.cancel();
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A same-origin page's write with the session's cookie. */
async function write(on: Instance, path: string, cookie: string, method = 'POST'): Promise<number> {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: { 'x-requested-with': 'fetch', origin: on.url, cookie },
  });
  await res.body?.cancel();
  return res.status;
}

async function eventsOn(on: Instance, cookie: string): Promise<SseClient> {
  const client = await SseClient.open(`${on.url}/bff/events`, { cookie });
  streams.push(client);
  expect(client.status).toBe(200);
  // The first line the server writes: the stream is registered by then.
  await client.until((c) => c.fields.length > 0, 10_000, 'the stream to start');
  return client;
}

const ends = (client: SseClient, what: string) => client.until((c) => c.ended, 10_000, what);

describe(`ending a session on one instance (${testDatabaseUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  beforeAll(async () => {
    storeA = await openTestStore();
    const seeded = await ensureDemoData(storeA, { orders: 40, seed: 3 });
    if (!seeded) throw new Error('the store was not empty');
    manifest = seeded;
    const tablesA = storeA.tables<BffDatabase>();
    await migrateBff(tablesA);
    // On SQLite the in-process signal is the store handle's own: both instances hold the one handle.
    const storeB = testDatabaseUrl ? await openSecondStore(storeA) : storeA;
    a = await instance(storeA, tablesA);
    b = await instance(storeB, testDatabaseUrl ? storeB.tables<BffDatabase>() : tablesA);
    await Promise.all([a.signal.ready(), b.signal.ready()]);
  }, 60_000);

  afterEach(async () => {
    for (const client of streams.splice(0)) await client.close();
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('logout on A closes the session’s event streams on A and on B, and the cookie opens no new one', async () => {
    const cookie = await signIn(a, 'TIENDA_PALERMO');
    const onA = await eventsOn(a, cookie);
    const onB = await eventsOn(b, cookie);
    const otherSession = await eventsOn(b, await signIn(a, 'TIENDA_PALERMO'));

    expect(await write(a, '/bff/logout', cookie)).toBe(204);
    await ends(onA, 'the stream on A to end');
    await ends(onB, 'the stream on B to end');
    expect(otherSession.ended).toBe(false);

    const again = await SseClient.open(`${b.url}/bff/events`, { cookie });
    streams.push(again);
    expect(again.status).toBe(401);
  });

  it('a sign-in under a new session id, an account switch and an account removed on A close the streams on B', async () => {
    const first = await signIn(a, 'TIENDA_PALERMO');
    const beforeSecondAccount = await eventsOn(b, first);
    // Signing another account in gives the session a new id: the old one ends.
    const second = await signIn(a, 'LOJA_PINHEIROS', first);
    await ends(beforeSecondAccount, 'the stream of the replaced session id to end');

    // The stream carries the active account's events: a switch ends it.
    const asLoja = await eventsOn(b, second);
    expect(await write(a, `/bff/accounts/${token('TIENDA_PALERMO').id}/activate`, second)).toBe(200);
    await ends(asLoja, 'the stream of the account switched from to end');

    const asTienda = await eventsOn(b, second);
    expect(await write(a, `/bff/accounts/${token('TIENDA_PALERMO').id}`, second, 'DELETE')).toBe(200);
    await ends(asTienda, 'the stream of the account removed to end');
  });

  (testDatabaseUrl ? it : it.skip)(
    'after the signal connection was lost and regained, a stream whose session ended meanwhile closes',
    async () => {
      const cookie = await signIn(a, 'TIENDA_PALERMO');
      const onB = await eventsOn(b, cookie);
      // The session ends with no signal at all (as one sent while nobody listened), then the listening
      // connections drop and come back.
      const idHash = createHash('sha256')
        .update(cookie.slice(cookie.indexOf('=') + 1))
        .digest('hex');
      await storeA
        .tables<BffDatabase>()
        .db.transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('bff_accounts').where('session_id_hash', '=', idHash).execute();
          await trx.deleteFrom('bff_sessions').where('id_hash', '=', idHash).execute();
        });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'mostrador-bff-events' and datname = current_database()`.execute(storeA.db);
      await ends(onB, 'the stream of the session ended meanwhile to close');
    },
  );
});
