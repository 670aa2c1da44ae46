import type { BlockAuditEntry, BlockList, BlockNote, BlockReason } from '@mostrador/contracts';
import { type Keyring, open, PersonalDataUnavailable, seal } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { BffBlockAuditTable, BffBlockNotesTable, BffDatabase } from '../db/schema.ts';
import { takeWriteTurn } from '../db/write-turn.ts';

import type { Actor } from '../session/account-actor.ts';

// The sealed note is bound to its seller, buyer and list: moved to another row, it no longer opens.
const aadOf = (sellerId: number, buyerId: number, list: BlockList) =>
  `bff_block_notes:${sellerId}:${buyerId}:${list}`;

/** A stored note that the store's keys do not open for its row: copied from another row, or damaged. */
export class BlockNoteUnreadable extends Error {
  override name = 'BlockNoteUnreadable';
  constructor(
    readonly sellerId: number,
    readonly buyerId: number,
    readonly list: BlockList,
  ) {
    super('a block note could not be opened');
  }
}

const noteText = (keyring: Keyring, row: BffBlockNotesTable): string => {
  const sellerId = Number(row.seller_id);
  const buyerId = Number(row.buyer_id);
  // A row an older version wrote after the store's last start; the next start seals it.
  if (row.note_enc === null) return row.note;
  try {
    return open(keyring, row.note_enc, aadOf(sellerId, buyerId, row.list));
  } catch (error) {
    if (error instanceof PersonalDataUnavailable) throw new BlockNoteUnreadable(sellerId, buyerId, row.list);
    throw error;
  }
};

const toNote = (row: Omit<BffBlockNotesTable, 'note' | 'note_enc'>, note: string): BlockNote => ({
  seller_id: Number(row.seller_id),
  buyer_id: Number(row.buyer_id),
  list: row.list,
  reason: row.reason as BlockReason,
  note,
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

/**
 * All SQL of the notes and audit trail the BFF keeps about blocks (decision 0071); portable to PostgreSQL. Notes may
 * name people, addresses or phones, so they are sealed with the store's keyring and opened only to answer (0184).
 */
export function createBlockNoteRepository(db: Kysely<BffDatabase>, keyring: Keyring) {
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
      return rows.map((row) => toNote(row, noteText(keyring, row)));
    },

    /**
     * Creates or replaces the seller's note about a buyer on one list; null when it would be a new note and the
     * account keeps `max` already (decision 0257).
     */
    async saveNote(input: {
      sellerId: number;
      buyerId: number;
      list: BlockList;
      reason: BlockReason;
      note: string;
      actor: Actor;
      at: number;
      max: number;
    }): Promise<BlockNote | null> {
      const row: BffBlockNotesTable = {
        seller_id: input.sellerId,
        buyer_id: input.buyerId,
        list: input.list,
        reason: input.reason,
        note: '',
        note_enc: seal(keyring, input.note, aadOf(input.sellerId, input.buyerId, input.list)),
        updated_by_id: input.actor.user_id,
        updated_by_nickname: input.actor.nickname,
        updated_at: input.at,
      };
      return db.transaction().execute(async (trx) => {
        await takeWriteTurn(trx, 'block_notes', input.sellerId, input.at);
        const notes = trx.selectFrom('bff_block_notes').where('seller_id', '=', input.sellerId);
        const same = await notes
          .select('buyer_id')
          .where('buyer_id', '=', input.buyerId)
          .where('list', '=', input.list)
          .executeTakeFirst();
        if (!same) {
          const kept = await notes
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          if (Number(kept.count) >= input.max) return null;
        }
        await trx
          .insertInto('bff_block_notes')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['seller_id', 'buyer_id', 'list']).doUpdateSet({
              reason: row.reason,
              note: row.note,
              note_enc: row.note_enc,
              updated_by_id: row.updated_by_id,
              updated_by_nickname: row.updated_by_nickname,
              updated_at: row.updated_at,
            }),
          )
          .execute();
        return toNote(row, input.note);
      });
    },

    /**
     * Seals the notes still kept as plain text (rows written before decision 0184) in place, in one transaction, and
     * blanks their plain text; with none left, changes nothing. Each row is updated only while still unsealed, so
     * two instances starting together seal it once.
     */
    async sealPlainNotes(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const plain = await trx
          .selectFrom('bff_block_notes')
          .select(['seller_id', 'buyer_id', 'list', 'note'])
          .where('note_enc', 'is', null)
          .execute();
        let sealed = 0;
        for (const row of plain) {
          const sellerId = Number(row.seller_id);
          const buyerId = Number(row.buyer_id);
          const updated = await trx
            .updateTable('bff_block_notes')
            .set({ note: '', note_enc: seal(keyring, row.note, aadOf(sellerId, buyerId, row.list)) })
            .where('seller_id', '=', sellerId)
            .where('buyer_id', '=', buyerId)
            .where('list', '=', row.list)
            .where('note', '=', row.note)
            .where('note_enc', 'is', null)
            .executeTakeFirst();
          sealed += Number(updated.numUpdatedRows);
        }
        return sealed;
      });
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
