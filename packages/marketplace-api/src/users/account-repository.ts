import type { Kysely } from 'kysely';
import type { Database, PromotionPacksTable } from '../db/schema.ts';

export interface ListingDetail {
  listing_type_id: string;
  available_listings: number;
  used_listings: number;
}

export type PromotionPackRow = Omit<PromotionPacksTable, 'id'> & { id: number };

/** Account resources of a user and the applications they granted (spec 4.3, "other user resources"). */
export function createAccountRepository(db: Kysely<Database>) {
  return {
    async paymentMethods(siteId: string) {
      return db
        .selectFrom('payment_methods')
        .select(['id', 'name', 'payment_type_id'])
        .where('site_id', '=', siteId)
        .orderBy('payment_type_id')
        .orderBy('id')
        .execute();
    },

    async application(id: number) {
      const row = await db
        .selectFrom('applications')
        .leftJoin('users', 'users.id', 'applications.owner_user_id')
        .select([
          'applications.id',
          'applications.name',
          'applications.owner_user_id',
          'applications.callback_url',
          'applications.notifications_active',
          'users.site_id',
        ])
        .where('applications.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: Number(row.id),
        name: row.name,
        ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
        callbackUrl: row.callback_url,
        active: row.notifications_active === 1,
        siteId: row.site_id,
      };
    },

    /**
     * Revokes every live token the user granted the application, in one statement: the next request with any of
     * them is refused, since each request resolves its token against this table.
     */
    async revokeApplication(userId: number, applicationId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('application_id', '=', applicationId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async brands(userId: number) {
      const rows = await db
        .selectFrom('brands')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('relevance_position')
        .execute();
      return rows.map((b) => ({
        officialStoreId: Number(b.official_store_id),
        siteId: b.site_id,
        name: b.name,
        fantasyName: b.fantasy_name,
        status: b.status,
        tags: JSON.parse(b.tags) as string[],
        categoriesIds: JSON.parse(b.categories_ids) as string[],
        logoUrl: b.logo_url,
        relevancePosition: b.relevance_position,
      }));
    },

    async packs(userId: number): Promise<PromotionPackRow[]> {
      const rows = await db
        .selectFrom('promotion_packs')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('date_created', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((p) => ({ ...p, id: Number(p.id), user_id: Number(p.user_id) }));
    },

    async addPack(pack: Omit<PromotionPacksTable, 'id'>): Promise<PromotionPackRow> {
      const inserted = await db
        .insertInto('promotion_packs')
        .values(pack)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...pack, id: Number(inserted.id) };
    },

    /** Live listings of one type; the free type is limited per user. */
    async listingCount(userId: number, listingTypeId: string): Promise<number> {
      const row = await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seller_id', '=', userId)
        .where('listing_type_id', '=', listingTypeId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async categoryExists(id: string): Promise<boolean> {
      const row = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
