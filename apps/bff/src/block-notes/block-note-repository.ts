import type { BlockAuditEntry, BlockList, BlockNote, BlockReason } from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { BffBlockAuditTable, BffBlockNotesTable, BffDatabase } from '../db/schema.ts';

import type { Actor } from '../session/account-actor.ts';

const toNote = (row: BffBlockNotesTable): BlockNote => ({
  seller_id: Number(row.seller_id),
  buyer_id: Number(row.buyer_id),
  list: row.list,
  reason: row.reason as BlockReason,
  note: row.note,
  updated_by: { user_id: Number(row.updated_by_id), nickname: row.updated_by_nickname },
  updated_at: new Date(Number(row.updated_at)).toISOString(),
});

const toEntry = (row: Omit<BffBlockAuditTable, 'id'> & { id: number }): BlockAuditEntry => ({
  id: Number(row.id),
  seller_id: Number(row.seller_id),
  buyer_id: Number(row.buyer_id),
  list: row.list,
  action: row.action,
  actor: { user_id: Number(row.actor_id), nickname: row.actor_nickname },
  at: new Date(Number(row.at)).toISOString(),
});

/** All SQL of the notes and audit trail the BFF keeps about blocks (decision 0071); portable to PostgreSQL. */
export function createBlockNoteRepository(db: Kysely<BffDatabase>) {
  return {
    async notesFor(sellerId: number, list: BlockList, buyerIds: readonly number[]): Promise<BlockNote[]> {
      if (buyerIds.length === 0) return [];
      const rows = await db
        .selectFrom('bff_block_notes')
        .selectAll()
        .where('seller_id', '=', sellerId)
        .where('list', '=', list)
        .where('buyer_id', 'in', buyerIds)
        .execute();
      return rows.map(toNote);
    },

    /** Creates or replaces the seller's note about a buyer on one list. */
    async saveNote(input: {
      sellerId: number;
      buyerId: number;
      list: BlockList;
      reason: BlockReason;
      note: string;
      actor: Actor;
      at: number;
    }): Promise<BlockNote> {
      const row: BffBlockNotesTable = {
        seller_id: input.sellerId,
        buyer_id: input.buyerId,
        list: input.list,
        reason: input.reason,
        note: input.note,
        updated_by_id: input.actor.user_id,
        updated_by_nickname: input.actor.nickname,
        updated_at: input.at,
      };
      await db
        .insertInto('bff_block_notes')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['seller_id', 'buyer_id', 'list']).doUpdateSet({
            reason: row.reason,
            note: row.note,
            updated_by_id: row.updated_by_id,
            updated_by_nickname: row.updated_by_nickname,
            updated_at: row.updated_at,
          }),
        )
        .execute();
      return toNote(row);
    },

    async recordAudit(entry: Omit<BffBlockAuditTable, 'id'>): Promise<void> {
      await db.insertInto('bff_block_audit').values(entry).execute();
    },

    /** The seller's trail, newest first, optionally narrowed to one list and one buyer. */
    async audit(
      sellerId: number,
      filter: { list?: BlockList; buyerId?: number; offset: number; limit: number },
    ): Promise<{ entries: BlockAuditEntry[]; total: number }> {
      let query = db.selectFrom('bff_block_audit').where('seller_id', '=', sellerId);
      if (filter.list) query = query.where('list', '=', filter.list);
      if (filter.buyerId) query = query.where('buyer_id', '=', filter.buyerId);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { entries: rows.map(toEntry), total: Number(count?.total ?? 0) };
    },
  };
}

export type BlockNoteRepository = ReturnType<typeof createBlockNoteRepository>;
