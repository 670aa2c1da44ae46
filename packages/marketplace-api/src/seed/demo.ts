import type { Store } from '../db/store.ts';
import { createSeedRepository } from '../repositories/seed-repository.ts';
import { type SeedManifest, seedStore } from './seed.ts';

export type { SeedManifest };

/** Seeds an empty store (first run of `npm start`) in one transaction; null when it already holds data. */
export async function ensureDemoData(
  store: Store,
  options: { orders: number; seed?: number; onProgress?: (done: number, total: number) => void },
): Promise<SeedManifest | null> {
  if (!(await createSeedRepository(store.db).isEmpty())) return null;
  return seedStore(store, { ...options });
}
