import type { Session } from '@mostrador/contracts';
import { type Keyring, open, seal } from '@mostrador/server-kit/store';
import type { StreamRegistry } from '../live-updates/stream-registry.ts';
import {
  challengeOf,
  type MarketplaceClient,
  type MarketplaceUser,
  randomToken,
  sha256,
  TokenRequestFailed,
  type TokenSet,
} from './marketplace-client.ts';
import type { AccountRow, SessionRepository, SessionRow } from './session-repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Session lifetimes and the refresh margin (decision 0034). */
export const SESSION_TIMING = {
  /** A session nobody used for this long ends. */
  idleMs: 12 * HOUR,
  /** And every session ends this long after sign-in, however busy. */
  lifetimeMs: 7 * 24 * HOUR,
  /** Tokens are refreshed when they have less than this left. */
  refreshMarginMs: 5 * MINUTE,
  /** A sign-in must come back from the platform within this. */
  loginFlowMs: 10 * MINUTE,
  /** `last_seen_at` is written at most this often. */
  touchEveryMs: MINUTE,
};

const accountAad = (userId: number, column: string) => `bff_accounts:${userId}:${column}`;
const flowAad = (stateHash: string) => `bff_login_flows:${stateHash}:code_verifier`;

export interface ActiveSession {
  /** SHA-256 of the cookie value: the key of everything the session owns (rows, event streams). */
  idHash: string;
  row: SessionRow;
}

export type FlowOutcome =
  | { ok: true; verifier: string; redirectUri: string; returnTo: string; sessionIdHash: string | null }
  | { ok: false; reason: 'invalid_state' | 'expired' };

export interface SessionsOptions {
  repo: SessionRepository;
  keyring: Keyring;
  client: MarketplaceClient;
  streams: StreamRegistry;
  now: () => number;
}

/** The session side of the BFF: who is signed in, their tokens (sealed, refreshed in time) and sign-in flows. */
export function createSessions(options: SessionsOptions) {
  const { repo, keyring, client, streams, now } = options;
  // One refresh per account at a time: a refresh token is single use, and a second concurrent use would be
  // taken for a replay and revoke the whole grant.
  const refreshing = new Map<string, Promise<string | null>>();

  function sealTokens(userId: number, tokens: Pick<TokenSet, 'accessToken' | 'refreshToken'>) {
    return {
      access_token_enc: seal(keyring, tokens.accessToken, accountAad(userId, 'access_token')),
      refresh_token_enc:
        tokens.refreshToken === null
          ? null
          : seal(keyring, tokens.refreshToken, accountAad(userId, 'refresh_token')),
    };
  }

  async function end(idHash: string): Promise<void> {
    await repo.deleteSession(idHash);
    await streams.closeSession(idHash);
  }

  /**
   * Drops an account from the session, which then acts as another of its accounts, or as nobody; true when it was
   * the active one.
   */
  async function dropAccount(idHash: string, userId: number): Promise<boolean> {
    await repo.deleteAccount(idHash, userId);
    const session = await repo.findSession(idHash);
    if (session?.active_user_id !== userId) return false;
    const [next] = await repo.listAccounts(idHash);
    await repo.setActive(idHash, next?.user_id ?? null);
    return true;
  }

  /** The platform ended an account's grant: it leaves the session, and streams that carried its events close. */
  async function grantEnded(idHash: string, userId: number): Promise<void> {
    if (await dropAccount(idHash, userId)) await streams.closeSession(idHash);
  }

  async function refreshAccount(idHash: string, account: AccountRow): Promise<string | null> {
    const key = account.refresh_token_enc ?? account.access_token_enc;
    const running = refreshing.get(key);
    if (running) return running;
    const work = (async () => {
      const refreshToken = open(
        keyring,
        account.refresh_token_enc!,
        accountAad(account.user_id, 'refresh_token'),
      );
      try {
        const tokens = await client.refresh(refreshToken);
        await repo.updateTokens(idHash, account.user_id, {
          ...sealTokens(account.user_id, tokens),
          access_expires_at: tokens.expiresAt,
          updated_at: now(),
        });
        return tokens.accessToken;
      } catch (error) {
        if (error instanceof TokenRequestFailed && error.kind === 'invalid_grant') {
          await grantEnded(idHash, account.user_id);
          return null;
        }
        // The platform did not answer: the current token serves while it lasts.
        if (account.access_expires_at !== null && account.access_expires_at > now()) {
          return open(keyring, account.access_token_enc, accountAad(account.user_id, 'access_token'));
        }
        throw error;
      } finally {
        refreshing.delete(key);
      }
    })();
    refreshing.set(key, work);
    return work;
  }

  /** A token of the account, refreshed first when it is close to its end; null when the grant has ended. */
  async function tokenOf(idHash: string, account: AccountRow): Promise<string | null> {
    const expiresAt = account.access_expires_at;
    if (expiresAt === null || expiresAt - SESSION_TIMING.refreshMarginMs > now()) {
      return open(keyring, account.access_token_enc, accountAad(account.user_id, 'access_token'));
    }
    if (account.refresh_token_enc === null) {
      if (expiresAt > now())
        return open(keyring, account.access_token_enc, accountAad(account.user_id, 'access_token'));
      await grantEnded(idHash, account.user_id);
      return null;
    }
    return refreshAccount(idHash, account);
  }

  /**
   * Where a user who just became active starts (decision 0185): the account it last chose to work on, if it still
   * operates it (or its own, if that was the choice); else, never having chosen, the one seller it operates when
   * there is exactly one, since a team member's own account is usually empty. A platform that cannot tell leaves
   * the user on its own account.
   */
  async function landOnWorkingAccount(idHash: string, userId: number): Promise<void> {
    const last = await repo.lastWorkingAccount(userId);
    if (last?.sellerId === null) return;
    const row = await repo.findSession(idHash);
    if (!row) return;
    const operated = await operatedBy({ idHash, row }).catch(() => null);
    if (!operated?.length) return;
    const chosen = last && operated.find((account) => account.user_id === last.sellerId);
    const landing = chosen ?? (operated.length === 1 ? operated[0] : undefined);
    if (landing) await repo.setActing(idHash, landing.user_id);
  }

  /** The accounts the session's active user operates; null when the platform could not tell or nobody is active. */
  async function operatedBy(session: ActiveSession) {
    const row = await repo.findSession(session.idHash);
    if (!row || row.active_user_id === null) return null;
    const account = await repo.findAccount(session.idHash, row.active_user_id);
    if (!account) return null;
    const token = await tokenOf(session.idHash, account).catch(() => null);
    return token === null ? null : client.operatedAccounts(token);
  }

  return {
    streams,

    /** The live session a cookie value names, or null (unknown, ended, idle too long). */
    async resolve(cookieValue: string | undefined): Promise<ActiveSession | null> {
      if (!cookieValue || cookieValue.length > 100) return null;
      const idHash = sha256(cookieValue);
      const row = await repo.findSession(idHash);
      if (!row) return null;
      const at = now();
      if (row.expires_at <= at || row.last_seen_at + SESSION_TIMING.idleMs <= at) {
        await end(idHash);
        return null;
      }
      if (at - row.last_seen_at >= SESSION_TIMING.touchEveryMs) await repo.touchSession(idHash, at);
      return { idHash, row };
    },

    /**
     * The session's accounts; the routes add the language it speaks (`preferences/languages.ts`). `told`: the view
     * goes to the dashboard as the session (`GET /bff/session`), so a membership that ended is reported there once
     * and the session works on the user's own account from then on (decision 0256).
     */
    async view(
      session: ActiveSession | null,
      options: { told?: boolean } = {},
    ): Promise<Omit<Session, 'language'>> {
      if (!session) return { user: null, accounts: [] };
      const accounts = await repo.listAccounts(session.idHash);
      const current = await repo.findSession(session.idHash);
      const activeId = current?.active_user_id ?? null;
      const list = accounts.map((a) => ({
        user_id: a.user_id,
        nickname: a.nickname,
        site_id: a.site_id,
        active: a.user_id === activeId,
      }));
      const active = list.find((a) => a.active);
      if (!active || !current) {
        return {
          user: active
            ? { user_id: active.user_id, nickname: active.nickname, site_id: active.site_id }
            : null,
          accounts: list,
        };
      }
      // Asked of the platform on every view, so a removal or a changed permission shows at once (decision 0103).
      const operated = await operatedBy(session);
      const acting = operated?.find((a) => a.user_id === current.acting_seller_id) ?? null;
      // No longer on that seller's team. The session keeps naming the seller until the dashboard is told, so a
      // page still showing the seller's account cannot write into the user's own.
      const ended =
        current.acting_seller_id != null && operated !== null && acting === null
          ? { seller_id: Number(current.acting_seller_id) }
          : null;
      if (ended && options.told) await repo.setActing(session.idHash, null);
      return {
        user: { user_id: active.user_id, nickname: active.nickname, site_id: active.site_id },
        accounts: list,
        operated_accounts: operated ?? [],
        acting_for: acting,
        ...(ended ? { ended_membership: ended } : {}),
      };
    },

    /**
     * Works on `sellerId` (an account the active user operates) or, with null, on the user's own account; false when
     * the user is not on that seller's team.
     */
    async setActing(session: ActiveSession, sellerId: number | null): Promise<boolean> {
      if (sellerId !== null) {
        const operated = await operatedBy(session);
        if (!operated?.some((a) => a.user_id === sellerId)) return false;
      }
      await repo.setActing(session.idHash, sellerId);
      const row = await repo.findSession(session.idHash);
      if (row?.active_user_id != null) await repo.rememberWorkingAccount(row.active_user_id, sellerId, now());
      return true;
    },

    /**
     * Signs an account in: always under a new session id (the previous one, if any, stops existing and its
     * event streams close), keeping the session's other accounts, with the new account active.
     */
    async signIn(
      previousIdHash: string | null,
      user: MarketplaceUser,
      tokens: Pick<TokenSet, 'accessToken' | 'refreshToken'> & { expiresAt: number | null },
    ): Promise<string> {
      const at = now();
      const cookieValue = randomToken();
      const idHash = sha256(cookieValue);
      const previous = previousIdHash ? await repo.findSession(previousIdHash) : undefined;
      const live = previous && previous.expires_at > at ? previous : undefined;
      await repo.replaceSession(
        previous ? previous.id_hash : null,
        {
          id_hash: idHash,
          active_user_id: user.id,
          created_at: live?.created_at ?? at,
          last_seen_at: at,
          // A new account does not extend the session's absolute end.
          expires_at: live?.expires_at ?? at + SESSION_TIMING.lifetimeMs,
          language: live?.language ?? null,
        },
        {
          session_id_hash: idHash,
          user_id: user.id,
          nickname: user.nickname,
          site_id: user.siteId,
          ...sealTokens(user.id, tokens),
          access_expires_at: tokens.expiresAt,
          signed_in_at: at,
          updated_at: at,
        },
      );
      if (previous) await streams.closeSession(previous.id_hash);
      await landOnWorkingAccount(idHash, user.id);
      return cookieValue;
    },

    end,

    /**
     * Whether the session stands (not ended, not idle too long) with `userId` as its active account: an event stream
     * of that account may go on (decision 0250).
     */
    async isLive(idHash: string, userId: number): Promise<boolean> {
      const row = await repo.findSession(idHash);
      const at = now();
      return (
        row !== undefined &&
        row.active_user_id === userId &&
        row.expires_at > at &&
        row.last_seen_at + SESSION_TIMING.idleMs > at
      );
    },

    async activate(session: ActiveSession, userId: number): Promise<boolean> {
      if (!(await repo.findAccount(session.idHash, userId))) return false;
      await repo.setActive(session.idHash, userId);
      await landOnWorkingAccount(session.idHash, userId);
      // Event streams carry the active account's events: they reconnect as the new one (decision 0053).
      await streams.closeSession(session.idHash);
      return true;
    },

    async removeAccount(session: ActiveSession, userId: number): Promise<boolean> {
      if (!(await repo.findAccount(session.idHash, userId))) return false;
      await dropAccount(session.idHash, userId);
      await streams.closeSession(session.idHash);
      return true;
    },

    /**
     * A token of a user for background work (reading the order a notification names): from any live session the
     * user is signed in to, refreshed when close to its end; null when the BFF holds none (decision 0051).
     */
    async tokenForUser(userId: number): Promise<string | null> {
      const at = now();
      for (const account of await repo.accountsOfUser(userId, at, at - SESSION_TIMING.idleMs)) {
        try {
          const token = await tokenOf(account.session_id_hash, account);
          if (token !== null) return token;
        } catch {
          // The platform could not refresh this one; another session may hold a good token.
        }
      }
      return null;
    },

    /**
     * The bearer token `/api` calls of the session carry: the active account's, refreshed when close to its end.
     * `null` when the session has no active account; `expired` when its grant ended (the account is dropped).
     */
    async accessToken(session: ActiveSession): Promise<string | null | 'expired'> {
      const row = await repo.findSession(session.idHash);
      if (!row || row.active_user_id === null) return null;
      const account = await repo.findAccount(session.idHash, row.active_user_id);
      if (!account) return null;
      return (await tokenOf(session.idHash, account)) ?? 'expired';
    },

    /** Records a sign-in about to leave for the platform; returns what goes in the URL and the login cookie. */
    async startLogin(input: { redirectUri: string; returnTo: string; sessionIdHash: string | null }) {
      const state = randomToken();
      const verifier = randomToken();
      const binding = randomToken();
      const stateHash = sha256(state);
      const at = now();
      await repo.createLoginFlow({
        state_hash: stateHash,
        binding_hash: sha256(binding),
        code_verifier_enc: seal(keyring, verifier, flowAad(stateHash)),
        redirect_uri: input.redirectUri,
        return_to: input.returnTo,
        session_id_hash: input.sessionIdHash,
        created_at: at,
        expires_at: at + SESSION_TIMING.loginFlowMs,
      });
      return { state, challenge: challengeOf(verifier), binding };
    },

    /** Takes the sign-in a callback answers; it must come back to the browser that started it, in time. */
    async finishLogin(state: string | undefined, binding: string | undefined): Promise<FlowOutcome> {
      if (!state || state.length > 100) return { ok: false, reason: 'invalid_state' };
      const stateHash = sha256(state);
      const flow = await repo.takeLoginFlow(stateHash);
      if (!flow || !binding || sha256(binding) !== flow.binding_hash)
        return { ok: false, reason: 'invalid_state' };
      if (flow.expires_at <= now()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        verifier: open(keyring, flow.code_verifier_enc, flowAad(stateHash)),
        redirectUri: flow.redirect_uri,
        returnTo: flow.return_to,
        sessionIdHash: flow.session_id_hash,
      };
    },

    /**
     * Housekeeping, every minute in the server: refreshes tokens of live sessions before they end (so background
     * work such as notifications finds a valid token) and removes ended sessions and stale sign-ins.
     */
    async maintain(): Promise<{ refreshed: number; ended: number }> {
      const at = now();
      let refreshed = 0;
      for (const account of await repo.accountsExpiringBefore(at + SESSION_TIMING.refreshMarginMs, at)) {
        try {
          if ((await refreshAccount(account.session_id_hash, account)) !== null) refreshed++;
        } catch {
          // Unavailable platform: the next round tries again.
        }
      }
      const ended = await repo.purgeExpired(at, at - SESSION_TIMING.idleMs);
      await Promise.all(ended.map((idHash) => streams.closeSession(idHash)));
      return { refreshed, ended: ended.length };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
