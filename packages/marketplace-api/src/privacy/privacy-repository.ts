import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { userChanged } from '../orders/read-model/changes.ts';

/** What an erased account keeps as its nickname: unique, and telling nothing about the person. */
export const erasedNickname = (userId: number) => `DELETED_${userId}`;

/** Erasure on request and the retention purge (spec 5 item 6, spec 8). */
export function createPrivacyRepository(db: Kysely<Database>) {
  return {
    /**
     * Removes a user's personal data: every sealed value and the e-mail blind index, the address state and city,
     * the logo, and the nickname (replaced by a tombstone); the user's tokens stop working. Orders, feedback and
     * blocks stay, keyed by the user id, for the counterparts' records. False when there is no such user.
     */
    async eraseUser(userId: number, now: number): Promise<{ erased: boolean; tokensRevoked: number }> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({
            nickname: erasedNickname(userId),
            first_name_enc: null,
            last_name_enc: null,
            email_enc: null,
            email_bidx: null,
            phone_enc: null,
            alternative_phone_enc: null,
            identification_enc: null,
            address_enc: null,
            address_state: null,
            address_city: null,
            logo: null,
          })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return { erased: false, tokensRevoked: 0 };
        await userChanged(trx, userId);
        const revoked = await trx
          .updateTable('access_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return { erased: true, tokensRevoked: Number(revoked.numUpdatedRows) };
      });
    },

    /**
     * Deletes up to `batch` orders created before `cutoff` with their shipments, discounts, product attributes and
     * feedback, and takes them off the per-user counters, in one transaction. Returns how many were deleted; the
     * caller repeats until 0, so no transaction holds the store for long.
     */
    async purgeOrdersCreatedBefore(cutoff: number, batch: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const victims = await trx
          .selectFrom('orders')
          .select(['id', 'seller_id', 'buyer_id', 'status'])
          .where('date_created', '<', cutoff)
          .orderBy('date_created')
          .limit(batch)
          .execute();
        if (victims.length === 0) return 0;
        const ids = victims.map((v) => Number(v.id));
        await trx.deleteFrom('feedback').where('order_id', 'in', ids).execute();
        await trx.deleteFrom('shipments').where('order_id', 'in', ids).execute();
        await trx.deleteFrom('order_discounts').where('order_id', 'in', ids).execute();
        await trx.deleteFrom('order_product').where('order_id', 'in', ids).execute();
        await trx.deleteFrom('orders').where('id', 'in', ids).execute();

        const decrements = new Map<string, { userId: number; side: string; status: string; n: number }>();
        const bump = (userId: number, side: string, status: string) => {
          const key = `${userId}|${side}|${status}`;
          const hit = decrements.get(key) ?? { userId, side, status, n: 0 };
          hit.n++;
          decrements.set(key, hit);
        };
        for (const v of victims) {
          bump(Number(v.seller_id), 'seller', v.status);
          bump(Number(v.buyer_id), 'buyer', v.status);
        }
        for (const d of decrements.values()) {
          await trx
            .updateTable('order_counts')
            .set((eb) => ({ n: eb('n', '-', d.n) }))
            .where('user_id', '=', d.userId)
            .where('side', '=', d.side)
            .where('status', '=', d.status)
            .execute();
        }
        await trx.deleteFrom('order_counts').where('n', '<=', 0).execute();
        return victims.length;
      });
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
