import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** `order`: the buyer may not buy from the seller; `questions`: may not ask on the seller's listings. */
export type BlockList = 'order' | 'questions';

export interface Block {
  userId: number;
  blockedAt: number;
}

export function createBlockRepository(db: Kysely<Database>) {
  return {
    /** Adds the block unless it exists; either way answers the block as stored (its first `blocked_at`). */
    async add(sellerId: number, list: BlockList, userId: number, now: number): Promise<Block> {
      await db
        .insertInto('user_blocks')
        .values({ seller_id: sellerId, type: list, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['seller_id', 'type', 'user_id']).doNothing())
        .execute();
      const row = await db
        .selectFrom('user_blocks')
        .select(['user_id', 'created_at'])
        .where('seller_id', '=', sellerId)
        .where('type', '=', list)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { userId: Number(row.user_id), blockedAt: Number(row.created_at) };
    },

    /** True when a block was removed. */
    async remove(sellerId: number, list: BlockList, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('user_blocks')
        .where('seller_id', '=', sellerId)
        .where('type', '=', list)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The seller's blocks, newest first. */
    async list(
      sellerId: number,
      list: BlockList,
      page: { offset: number; limit: number; userId?: number } = { offset: 0, limit: 10_000 },
    ): Promise<{ blocks: Block[]; total: number }> {
      let base = db.selectFrom('user_blocks').where('seller_id', '=', sellerId).where('type', '=', list);
      if (page.userId !== undefined) base = base.where('user_id', '=', page.userId);
      const [rows, count] = await Promise.all([
        base
          .select(['user_id', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('user_id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        blocks: rows.map((r) => ({ userId: Number(r.user_id), blockedAt: Number(r.created_at) })),
        total: Number(count.n),
      };
    },

    /** For the order life cycle: may this buyer buy from (or ask) this seller? */
    async isBlocked(sellerId: number, list: BlockList, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_blocks')
        .select('user_id')
        .where('seller_id', '=', sellerId)
        .where('type', '=', list)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type BlockRepository = ReturnType<typeof createBlockRepository>;
