import type { Store } from '../db/store.ts';
import { setApplicationCallback } from '../notifications/callback-url.ts';
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
