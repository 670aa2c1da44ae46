import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What the change simulator reads to pick realistic parties and items. */
export function createSimulatorRepository(db: Kysely<Database>) {
  return {
    async usersByNickname(nicknames: string[]) {
      if (nicknames.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nickname', 'site_id'])
        .where('nickname', 'in', nicknames)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), nickname: r.nickname, siteId: r.site_id }));
    },

    /** Users of a site who list nothing: the buyers of the seed. */
    async buyersOfSite(siteId: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('site_id', '=', siteId)
        .where((eb) => eb('id', 'not in', eb.selectFrom('items').select('seller_id')))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** The seller's items that have stock. */
    async itemsInStock(sellerId: number) {
      const rows = await db
        .selectFrom('items')
        .select(['id', 'available_quantity'])
        .where('seller_id', '=', sellerId)
        .where('available_quantity', '>', 0)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, available: Number(r.available_quantity) }));
    },
  };
}
