import { clockNow } from '../clock/test-clock.ts';
import type { Store } from '../db/store.ts';
import { setApplicationCallback } from '../notifications/callback-url.ts';
import { createOAuthRepository } from '../oauth/oauth-repository.ts';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from './generate.ts';
import { type SeedManifest, seedStore } from './seed.ts';
import { createSeedRepository } from './seed-repository.ts';

export type { SeedManifest };

/**
 * Seeds an empty store (first run of `npm start`) in one transaction; null when it already holds data. With
 * `callbackUrl`, the demo application's notifications go there (the BFF's own `/bff/notifications`), on every start,
 * since the BFF's port may change; `localUse` allows a plain-HTTP loopback URL.
 */
export async function ensureDemoData(
  store: Store,
  options: {
    orders: number;
    seed?: number;
    onProgress?: (done: number, total: number) => void;
    callbackUrl?: string;
    localUse?: boolean;
  },
): Promise<SeedManifest | null> {
  const { callbackUrl, localUse, ...seedOptions } = options;
  const manifest = (await createSeedRepository(store.db).isEmpty())
    ? await seedStore(store, seedOptions)
    : null;
  if (callbackUrl !== undefined) {
    await setApplicationCallback(store, DEMO_APPLICATION_ID, callbackUrl, { localUse: localUse ?? false });
  }
  return manifest;
}

/**
 * Fresh six-hour tokens of the demo application for every demo account of a seeded store (the seed's own expire):
 * what a benchmark or a script acting as those accounts needs, without signing in through a browser.
 */
export async function demoAccessTokens(
  store: Store,
): Promise<{ id: number; nickname: string; access_token: string }[]> {
  const tokens = createTokenRepository(store.db);
  const accounts = await createOAuthRepository(store.db).demoAccounts();
  const issued = [];
  const now = new Date(await clockNow(store));
  for (const account of accounts) {
    const { token } = await tokens.issue(DEMO_APPLICATION_ID, account.id, now);
    issued.push({ id: account.id, nickname: account.nickname, access_token: token });
  }
  return issued;
}

/** The demo accounts of a seeded store (sellers, buyers, the support operator), by id. */
export async function demoAccounts(
  store: Store,
): Promise<{ id: number; nickname: string; siteId: string }[]> {
  return createOAuthRepository(store.db).demoAccounts();
}

/**
 * A fresh six-hour token of the demo application for the demo account of that nickname (`npm run token`); `known`
 * lists the demo accounts when there is none of that name.
 */
export async function demoAccessToken(
  store: Store,
  nickname: string,
): Promise<
  | { found: true; id: number; nickname: string; access_token: string; expires_at: number }
  | { found: false; known: string[] }
> {
  const accounts = await demoAccounts(store);
  const account = accounts.find((a) => a.nickname === nickname);
  if (!account) return { found: false, known: accounts.map((a) => a.nickname) };
  const { token, expiresAt } = await createTokenRepository(store.db).issue(
    DEMO_APPLICATION_ID,
    account.id,
    new Date(await clockNow(store)),
  );
  return { found: true, id: account.id, nickname, access_token: token, expires_at: expiresAt };
}
