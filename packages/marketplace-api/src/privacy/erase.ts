import type { Store } from '../db/store.ts';
import { createPrivacyRepository } from '../repositories/privacy-repository.ts';

export interface EraseOptions {
  now: number;
  /** Drops cached cards of the user in a running app (the party repository's `forget`). */
  forget?: (userId: number) => void;
}

/** Deletes a user's personal data on request (spec 5, item 6); see `PrivacyRepository.eraseUser`. */
export async function erasePersonalData(store: Store, userId: number, options: EraseOptions) {
  const result = await createPrivacyRepository(store.db).eraseUser(userId, options.now);
  if (result.erased) options.forget?.(userId);
  return result;
}
