import type { Kysely } from 'kysely';
import type { BffAccountsTable, BffDatabase, BffLoginFlowsTable, BffSessionsTable } from '../db/schema.ts';

export type SessionRow = BffSessionsTable;
export type AccountRow = BffAccountsTable;
export type LoginFlowRow = BffLoginFlowsTable;

const toAccount = (row: AccountRow): AccountRow => ({
  ...row,
  user_id: Number(row.user_id),
  access_expires_at: row.access_expires_at === null ? null : Number(row.access_expires_at),
});

/** All SQL of the BFF's sessions (portable to PostgreSQL: plain selects, inserts, updates and deletes). */
export function createSessionRepository(db: Kysely<BffDatabase>) {
  return {
    async createSession(row: SessionRow): Promise<void> {
      await db.insertInto('bff_sessions').values(row).execute();
    },

    async findSession(idHash: string): Promise<SessionRow | undefined> {
      const row = await db
        .selectFrom('bff_sessions')
        .selectAll()
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          active_user_id: row.active_user_id === null ? null : Number(row.active_user_id),
          acting_seller_id:
            row.acting_seller_id === null || row.acting_seller_id === undefined
              ? null
              : Number(row.acting_seller_id),
        }
      );
    },

    async touchSession(idHash: string, now: number): Promise<void> {
      await db.updateTable('bff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },

    /** Another account becomes active: it works on its own account until it picks one it operates. */
    async setActive(idHash: string, userId: number | null): Promise<void> {
      await db
        .updateTable('bff_sessions')
        .set({ active_user_id: userId, acting_seller_id: null })
        .where('id_hash', '=', idHash)
        .execute();
    },

    async setActing(idHash: string, sellerId: number | null): Promise<void> {
      await db
        .updateTable('bff_sessions')
        .set({ acting_seller_id: sellerId })
        .where('id_hash', '=', idHash)
        .execute();
    },

    /** The account the user last chose to work on: `{sellerId: null}` for its own; undefined when it never chose. */
    async lastWorkingAccount(userId: number): Promise<{ sellerId: number | null } | undefined> {
      const row = await db
        .selectFrom('bff_working_accounts')
        .select('seller_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { sellerId: row.seller_id === null ? null : Number(row.seller_id) };
    },

    /** A choice of the account to work on, kept for the user's next sessions. */
    async rememberWorkingAccount(userId: number, sellerId: number | null, at: number): Promise<void> {
      await db
        .insertInto('bff_working_accounts')
        .values({ user_id: userId, seller_id: sellerId, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ seller_id: sellerId, updated_at: at }))
        .execute();
    },

    /** Accounts go with their session (foreign key with cascade, and an explicit delete for stores without it). */
    async deleteSession(idHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bff_accounts').where('session_id_hash', '=', idHash).execute();
        await trx.deleteFrom('bff_sessions').where('id_hash', '=', idHash).execute();
      });
    },

    /**
     * A sign-in: a new session row takes over the accounts of the previous one (if any) and the new account, and
     * the previous id stops existing, all at once.
     */
    async replaceSession(previous: string | null, next: SessionRow, account: AccountRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('bff_sessions').values(next).execute();
        if (previous !== null) {
          await trx
            .updateTable('bff_accounts')
            .set({ session_id_hash: next.id_hash })
            .where('session_id_hash', '=', previous)
            .where('user_id', '!=', account.user_id)
            .execute();
          await trx.deleteFrom('bff_accounts').where('session_id_hash', '=', previous).execute();
          await trx.deleteFrom('bff_sessions').where('id_hash', '=', previous).execute();
        }
        await trx.insertInto('bff_accounts').values(account).execute();
      });
    },

    async listAccounts(idHash: string): Promise<AccountRow[]> {
      const rows = await db
        .selectFrom('bff_accounts')
        .selectAll()
        .where('session_id_hash', '=', idHash)
        .orderBy('signed_in_at')
        .orderBy('user_id')
        .execute();
      return rows.map(toAccount);
    },

    async findAccount(idHash: string, userId: number): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('bff_accounts')
        .selectAll()
        .where('session_id_hash', '=', idHash)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async updateTokens(
      idHash: string,
      userId: number,
      tokens: Pick<AccountRow, 'access_token_enc' | 'access_expires_at' | 'refresh_token_enc' | 'updated_at'>,
    ): Promise<void> {
      await db
        .updateTable('bff_accounts')
        .set(tokens)
        .where('session_id_hash', '=', idHash)
        .where('user_id', '=', userId)
        .execute();
    },

    async deleteAccount(idHash: string, userId: number): Promise<void> {
      await db
        .deleteFrom('bff_accounts')
        .where('session_id_hash', '=', idHash)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The user's accounts in live sessions, most recently refreshed first: whose token background work uses. */
    async accountsOfUser(userId: number, now: number, idleSince: number): Promise<AccountRow[]> {
      const rows = await db
        .selectFrom('bff_accounts')
        .innerJoin('bff_sessions', 'bff_sessions.id_hash', 'bff_accounts.session_id_hash')
        .selectAll('bff_accounts')
        .where('bff_accounts.user_id', '=', userId)
        .where('bff_sessions.expires_at', '>', now)
        .where('bff_sessions.last_seen_at', '>=', idleSince)
        .orderBy('bff_accounts.updated_at', 'desc')
        .limit(5)
        .execute();
      return rows.map(toAccount);
    },

    /** Accounts of live sessions whose access token ends before `before` and that can be refreshed. */
    async accountsExpiringBefore(before: number, now: number): Promise<AccountRow[]> {
      const rows = await db
        .selectFrom('bff_accounts')
        .innerJoin('bff_sessions', 'bff_sessions.id_hash', 'bff_accounts.session_id_hash')
        .selectAll('bff_accounts')
        .where('bff_accounts.access_expires_at', '<', before)
        .where('bff_accounts.refresh_token_enc', 'is not', null)
        .where('bff_sessions.expires_at', '>', now)
        .execute();
      return rows.map(toAccount);
    },

    /** Sessions past their absolute end or idle too long, with their accounts; and stale sign-ins. */
    async purgeExpired(now: number, idleSince: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .selectFrom('bff_sessions')
          .select('id_hash')
          .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleSince)]))
          .execute();
        const ids = gone.map((g) => g.id_hash);
        if (ids.length > 0) {
          await trx.deleteFrom('bff_accounts').where('session_id_hash', 'in', ids).execute();
          await trx.deleteFrom('bff_sessions').where('id_hash', 'in', ids).execute();
        }
        await trx.deleteFrom('bff_login_flows').where('expires_at', '<=', now).execute();
        return ids;
      });
    },

    async createLoginFlow(row: LoginFlowRow): Promise<void> {
      await db.insertInto('bff_login_flows').values(row).execute();
    },

    /** Takes a pending sign-in out: whatever happens next, a state is answered once. */
    async takeLoginFlow(stateHash: string): Promise<LoginFlowRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('bff_login_flows')
          .selectAll()
          .where('state_hash', '=', stateHash)
          .executeTakeFirst();
        if (!row) return undefined;
        const deleted = await trx
          .deleteFrom('bff_login_flows')
          .where('state_hash', '=', stateHash)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1
          ? { ...row, expires_at: Number(row.expires_at) }
          : undefined;
      });
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
