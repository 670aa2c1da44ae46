import type { Store } from '../db/store.ts';
import { createPrivacyRepository } from './privacy-repository.ts';

export interface EraseOptions {
  now: number;
}

/**
 * Deletes a user's personal data on request (spec 5, item 6); see `PrivacyRepository.eraseUser`. The change is
 * recorded with it, so every running process drops what it holds of the user before its next answer.
 */
export async function erasePersonalData(store: Store, userId: number, options: EraseOptions) {
  return createPrivacyRepository(store.db).eraseUser(userId, options.now);
}
