import { createHash, randomBytes } from 'node:crypto';
import {
  type OperatedAccount,
  oauthErrorSchema,
  oauthTokenResponseSchema,
  operatedAccountListSchema,
  userPrivateSchema,
} from '@mostrador/contracts';
import { apiRequest, type FetchApp } from '../marketplace.ts';

// Requests to the marketplace are built against this placeholder origin; the embedded app ignores it and the
// remote forwarder keeps only path and query.

const identitySchema = userPrivateSchema.pick({ id: true, nickname: true, site_id: true });

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
  userId: number;
}

export interface MarketplaceUser {
  id: number;
  nickname: string;
  siteId: string | null;
}

/** Why a token request failed: the grant is gone (sign in again) or the platform could not answer. */
export class TokenRequestFailed extends Error {
  override name = 'TokenRequestFailed';
  constructor(readonly kind: 'invalid_grant' | 'unavailable') {
    super(kind === 'invalid_grant' ? 'the grant is no longer valid' : 'the platform could not issue tokens');
  }
}

export const base64url = (bytes: Buffer) => bytes.toString('base64url');
export const randomToken = () => base64url(randomBytes(32));
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export interface MarketplaceClientOptions {
  marketplace: FetchApp;
  clientId: number;
  clientSecret: string;
  now: () => number;
  /** Time limit of each call to the platform. */
  timeoutMs?: number;
}

/** The BFF as an OAuth client of the marketplace: code exchange, refresh, and who a token belongs to. */
export function createMarketplaceClient(options: MarketplaceClientOptions) {
  const { marketplace, clientId, clientSecret, now } = options;

  async function call(path: string, init: RequestInit): Promise<Response> {
    const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    try {
      return await marketplace.fetch(apiRequest(path, { ...init, signal }));
    } catch {
      throw new TokenRequestFailed('unavailable');
    }
  }

  async function tokenRequest(fields: Record<string, string>): Promise<TokenSet> {
    const startedAt = now();
    const res = await call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...fields,
        client_id: String(clientId),
        client_secret: clientSecret,
      }).toString(),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status === 200) {
      const parsed = oauthTokenResponseSchema.safeParse(body);
      if (!parsed.success) throw new TokenRequestFailed('unavailable');
      return {
        accessToken: parsed.data.access_token,
        refreshToken: parsed.data.refresh_token ?? null,
        // Counted from when the request left, so clock skew and latency err on the early side.
        expiresAt: startedAt + parsed.data.expires_in * 1000,
        userId: parsed.data.user_id,
      };
    }
    const error = oauthErrorSchema.safeParse(body);
    throw new TokenRequestFailed(
      error.success && error.data.error === 'invalid_grant' ? 'invalid_grant' : 'unavailable',
    );
  }

  return {
    exchangeCode(code: string, verifier: string, redirectUri: string): Promise<TokenSet> {
      return tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      });
    },

    refresh(refreshToken: string): Promise<TokenSet> {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    /** The user a token stands for; null when the platform refuses the token. */
    async me(accessToken: string): Promise<MarketplaceUser | null> {
      const res = await call('/users/me', {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (res.status === 401 || res.status === 403) return null;
      // 206: part of the account (a reputation) failed to load; who it is did not.
      if (res.status !== 200 && res.status !== 206) throw new TokenRequestFailed('unavailable');
      const parsed = identitySchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new TokenRequestFailed('unavailable');
      return { id: parsed.data.id, nickname: parsed.data.nickname, siteId: parsed.data.site_id };
    },

    /**
     * The seller accounts a token's user operates, with its permissions on each (decision 0103); null when the
     * platform could not tell.
     */
    async operatedAccounts(accessToken: string): Promise<OperatedAccount[] | null> {
      const res = await call('/users/me/operated_accounts', {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      }).catch(() => null);
      if (res?.status !== 200) return null;
      const parsed = operatedAccountListSchema.safeParse(await res.json().catch(() => undefined));
      return parsed.success ? parsed.data.accounts : null;
    },
  };
}

export type MarketplaceClient = ReturnType<typeof createMarketplaceClient>;
