import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCESS_TOKEN_TTL_MS, hashToken, mintToken } from './token-repository.ts';

/** Codes are exchanged within seconds by a working client; five minutes leaves room for a slow one (0031). */
export const AUTHORIZATION_CODE_TTL_MS = 5 * 60 * 1000;
/** The platform's refresh tokens last six months. */
export const REFRESH_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000;
export const GRANTED_SCOPE = 'offline_access read write';

/** The platform's grant shape, `TG-<hex>-<user>`, shared by codes and refresh tokens. */
const mintGrant = (userId: number) => `TG-${randomBytes(20).toString('hex')}-${userId}`;

/** Constant-time comparison of a presented secret with a stored SHA-256. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const presented = createHash('sha256').update(secret).digest();
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}

export interface OAuthClient {
  id: number;
  name: string;
  secretHash: string | null;
  redirectUris: string[];
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  userId: number;
  scope: string;
}

export type CodeExchange =
  | {
      ok: true;
      code: { applicationId: number; userId: number; redirectUri: string; challenge: string; scope: string };
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

export type RefreshResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'wrong_client' };

/** Applications as OAuth clients, authorization codes and the token families they start. All SQL of the flow. */
export function createOAuthRepository(db: Kysely<Database>) {
  async function insertPair(
    trx: Kysely<Database>,
    grant: { applicationId: number; userId: number; scope: string; familyId: string },
    now: number,
  ): Promise<IssuedTokens> {
    const accessToken = mintToken(grant.applicationId, grant.userId, new Date(now));
    const refreshToken = mintGrant(grant.userId);
    await trx
      .insertInto('access_tokens')
      .values({
        token_hash: hashToken(accessToken),
        user_id: grant.userId,
        application_id: grant.applicationId,
        created_at: now,
        expires_at: now + ACCESS_TOKEN_TTL_MS,
        revoked_at: null,
        family_id: grant.familyId,
      })
      .execute();
    await trx
      .insertInto('oauth_refresh_tokens')
      .values({
        token_hash: hashToken(refreshToken),
        family_id: grant.familyId,
        application_id: grant.applicationId,
        user_id: grant.userId,
        scope: grant.scope,
        created_at: now,
        expires_at: now + REFRESH_TOKEN_TTL_MS,
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return {
      accessToken,
      refreshToken,
      expiresAt: now + ACCESS_TOKEN_TTL_MS,
      userId: grant.userId,
      scope: grant.scope,
    };
  }

  async function revokeFamilyIn(trx: Kysely<Database>, familyId: string, now: number) {
    await trx
      .updateTable('oauth_refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  return {
    async findClient(applicationId: number): Promise<OAuthClient | null> {
      const app = await db
        .selectFrom('applications')
        .select(['id', 'name', 'client_secret_hash'])
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!app) return null;
      const uris = await db
        .selectFrom('oauth_redirect_uris')
        .select('redirect_uri')
        .where('application_id', '=', applicationId)
        .execute();
      return {
        id: Number(app.id),
        name: app.name,
        secretHash: app.client_secret_hash ?? null,
        redirectUris: uris.map((u) => u.redirect_uri),
      };
    },

    /** Sets an application's client secret (stored hashed) and replaces its redirect URIs. False when unknown. */
    async configureClient(applicationId: number, secret: string, redirectUris: string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('applications')
          .set({ client_secret_hash: hashToken(secret) })
          .where('id', '=', applicationId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        // Added beside those already registered: another instance on the same store keeps its own.
        const unique = [...new Set(redirectUris)];
        if (unique.length > 0) {
          await trx
            .insertInto('oauth_redirect_uris')
            .values(unique.map((redirect_uri) => ({ application_id: applicationId, redirect_uri })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        return true;
      });
    },

    async markDemoAccounts(userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.updateTable('users').set({ demo_account: 1 }).where('id', 'in', userIds).execute();
    },

    /** The accounts the local sign-in page offers, in seed order (the seed makes the demo sellers first). */
    async demoAccounts(): Promise<{ id: number; nickname: string; siteId: string }[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nickname', 'site_id'])
        .where('demo_account', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), nickname: r.nickname, siteId: r.site_id }));
    },

    async isDemoAccount(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('demo_account', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Issues a code; only its hash is kept. */
    async createCode(
      grant: { applicationId: number; userId: number; redirectUri: string; challenge: string; scope: string },
      now: number,
    ): Promise<string> {
      const code = mintGrant(grant.userId);
      await db
        .insertInto('oauth_authorization_codes')
        .values({
          code_hash: hashToken(code),
          application_id: grant.applicationId,
          user_id: grant.userId,
          redirect_uri: grant.redirectUri,
          code_challenge: grant.challenge,
          scope: grant.scope,
          created_at: now,
          expires_at: now + AUTHORIZATION_CODE_TTL_MS,
          used_at: null,
          family_id: null,
        })
        .execute();
      return code;
    },

    /**
     * Marks a code used, whatever happens next: a code is presented once. A code presented again revokes the
     * tokens issued for it (RFC 6749 4.1.2).
     */
    async consumeCode(code: string, now: number): Promise<CodeExchange> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('oauth_authorization_codes')
          .selectAll()
          .where('code_hash', '=', hashToken(code))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.used_at !== null) {
          if (row.family_id) await revokeFamilyIn(trx, row.family_id, now);
          return { ok: false, reason: 'reused' } as const;
        }
        const marked = await trx
          .updateTable('oauth_authorization_codes')
          .set({ used_at: now })
          .where('code_hash', '=', row.code_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return { ok: false, reason: 'reused' } as const;
        if (row.expires_at <= now) return { ok: false, reason: 'expired' } as const;
        return {
          ok: true,
          code: {
            applicationId: Number(row.application_id),
            userId: Number(row.user_id),
            redirectUri: row.redirect_uri,
            challenge: row.code_challenge,
            scope: row.scope,
          },
        } as const;
      });
    },

    /** Starts a token family for an exchanged code. */
    async issueForCode(
      code: string,
      grant: { applicationId: number; userId: number; scope: string },
      now: number,
    ): Promise<IssuedTokens> {
      return db.transaction().execute(async (trx) => {
        const familyId = randomUUID();
        await trx
          .updateTable('oauth_authorization_codes')
          .set({ family_id: familyId })
          .where('code_hash', '=', hashToken(code))
          .execute();
        return insertPair(trx, { ...grant, familyId }, now);
      });
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new pair of the same family comes back. A spent
     * token presented again means it leaked (or a client raced itself): the whole family is revoked (0032).
     */
    async rotateRefreshToken(
      refreshToken: string,
      applicationId: number,
      now: number,
    ): Promise<RefreshResult> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('oauth_refresh_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(refreshToken))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (Number(row.application_id) !== applicationId)
          return { ok: false, reason: 'wrong_client' } as const;
        if (row.revoked_at !== null) return { ok: false, reason: 'revoked' } as const;
        if (row.used_at !== null) {
          await revokeFamilyIn(trx, row.family_id, now);
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.expires_at <= now) return { ok: false, reason: 'expired' } as const;
        // Revoking the application or erasing the user revokes its access tokens; the grant ends with them.
        const revokedAccess = await trx
          .selectFrom('access_tokens')
          .select('token_hash')
          .where('family_id', '=', row.family_id)
          .where('revoked_at', 'is not', null)
          .limit(1)
          .executeTakeFirst();
        if (revokedAccess) {
          await revokeFamilyIn(trx, row.family_id, now);
          return { ok: false, reason: 'revoked' } as const;
        }
        const marked = await trx
          .updateTable('oauth_refresh_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return { ok: false, reason: 'reused' } as const;
        const tokens = await insertPair(
          trx,
          { applicationId, userId: Number(row.user_id), scope: row.scope, familyId: row.family_id },
          now,
        );
        return { ok: true, tokens } as const;
      });
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
