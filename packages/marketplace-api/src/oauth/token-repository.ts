import { createHash, randomBytes } from 'node:crypto';
import { precompiled } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';

export const ACCESS_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

export interface Caller {
  userId: number;
  applicationId: number;
}

/** Only the SHA-256 of a token is stored; the token itself exists once, in the answer that issues it. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The platform's shape: APP_USR-<application>-<MMDDhh>-<random>-<user>. */
export function mintToken(applicationId: number, userId: number, now: Date): string {
  const stamp = now.toISOString().slice(5, 13).replace(/[-T]/g, '');
  return `APP_USR-${applicationId}-${stamp}-${randomBytes(16).toString('hex')}-${userId}`;
}

/** A stored token as the check reads it. */
export interface TokenRow {
  user_id: number | bigint;
  application_id: number | bigint;
  expires_at: number | bigint;
  revoked_at: number | bigint | null;
}

/** The caller a stored token stands for, with when it expires; null when it is revoked or expired at `nowMs`. */
export function liveToken(
  row: TokenRow | undefined,
  nowMs: number,
): { caller: Caller; expiresAt: number } | null {
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= nowMs) return null;
  return {
    caller: { userId: Number(row.user_id), applicationId: Number(row.application_id) },
    expiresAt: Number(row.expires_at),
  };
}

export function createTokenRepository(db: Kysely<Database>, read?: SnapshotRead) {
  const findToken = precompiled(
    db,
    (db, param) =>
      db
        .selectFrom('access_tokens')
        .select(['user_id', 'application_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', param(0) as string),
    read,
  );
  return {
    async issue(applicationId: number, userId: number, now: Date, ttlMs = ACCESS_TOKEN_TTL_MS) {
      const token = mintToken(applicationId, userId, now);
      await db
        .insertInto('access_tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          application_id: applicationId,
          created_at: now.getTime(),
          expires_at: now.getTime() + ttlMs,
          revoked_at: null,
        })
        .execute();
      return { token, expiresAt: now.getTime() + ttlMs };
    },

    /**
     * The caller a live token stands for, with when it expires; null when it is unknown, expired or revoked. Only
     * the token's hash is looked up.
     */
    async find(token: string, nowMs: number): Promise<{ caller: Caller; expiresAt: number } | null> {
      const [row] = await findToken(hashToken(token));
      return liveToken(row, nowMs);
    },
  };
}

export type TokenRepository = ReturnType<typeof createTokenRepository>;
