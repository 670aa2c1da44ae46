import { VersionedCache } from '@mostrador/server-kit/store';
import type { Caller, TokenRepository } from './token-repository.ts';

/**
 * Who a bearer token stands for, as the API's authentication asks it (decision 0240): a token found live is kept,
 * with the store's change sequence read before it was looked up, and answered from memory to requests that read the
 * same number, until it expires. A revocation (or any change to the tokens) raises the sequence, so the next
 * request looks it up again. Keyed by the token itself, in memory only, never written anywhere.
 */
export function createCallers(tokens: TokenRepository, options: { entries?: number } = {}) {
  const kept = new VersionedCache<string, { caller: Caller; expiresAt: number }>({
    entries: options.entries ?? 10_000,
  });
  return {
    /** The caller of a live token, or null when it is unknown, expired at `nowMs` or revoked. */
    async find(token: string, nowMs: number, at: number): Promise<Caller | null> {
      const hit = kept.get(token, at);
      if (hit && hit.expiresAt > nowMs) return hit.caller;
      const found = await tokens.find(token, nowMs);
      if (!found) return null;
      kept.set(token, at, found);
      return found.caller;
    },
  };
}

export type Callers = ReturnType<typeof createCallers>;
