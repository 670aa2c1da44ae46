import type { OrderNote } from '@mostrador/contracts';
import { type Keyring, open, seal } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { BffDatabase, BffOrderNotesTable } from '../db/schema.ts';
import { takeWriteTurn } from '../db/write-turn.ts';

export interface NoteAuthor {
  user_id: number;
  nickname: string;
}

// The sealed text is bound to its seller and order: moved to another row, it no longer opens.
const aadOf = (sellerId: number, orderId: number) => `bff_order_notes:${sellerId}:${orderId}`;

/**
 * All SQL of the team's notes on orders (decision 0181); portable to PostgreSQL. Notes may name people, addresses
 * or phones, so their text is sealed with the store's keyring (AES-256-GCM) and opened only to answer.
 */
export function createOrderNoteRepository(db: Kysely<BffDatabase>, keyring: Keyring) {
  const toNote = (row: Omit<BffOrderNotesTable, 'id'> & { id: number }): OrderNote => ({
    id: Number(row.id),
    order_id: Number(row.order_id),
    seller_id: Number(row.seller_id),
    text: open(keyring, row.text_enc, aadOf(Number(row.seller_id), Number(row.order_id))),
    author: { user_id: Number(row.author_id), nickname: row.author_nickname },
    created_at: new Date(Number(row.created_at)).toISOString(),
  });

  return {
    /** A page of the seller's notes on one order, newest first, older than note `before`; `next` for the next page. */
    async notesOf(
      sellerId: number,
      orderId: number,
      page: { before?: number | undefined; limit: number },
    ): Promise<{ notes: OrderNote[]; next: number | null }> {
      let query = db
        .selectFrom('bff_order_notes')
        .selectAll()
        .where('seller_id', '=', sellerId)
        .where('order_id', '=', orderId);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      // One more than the page, to tell whether another follows.
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const notes = rows.slice(0, page.limit).map(toNote);
      return { notes, next: rows.length > page.limit ? (notes.at(-1)?.id ?? null) : null };
    },

    /** Adds a note; null when the order has `max` notes already (decision 0257). */
    async add(input: {
      sellerId: number;
      orderId: number;
      text: string;
      author: NoteAuthor;
      at: number;
      max: number;
    }): Promise<OrderNote | null> {
      const row = {
        seller_id: input.sellerId,
        order_id: input.orderId,
        author_id: input.author.user_id,
        author_nickname: input.author.nickname,
        text_enc: seal(keyring, input.text, aadOf(input.sellerId, input.orderId)),
        created_at: input.at,
      };
      return db.transaction().execute(async (trx) => {
        await takeWriteTurn(trx, 'order_notes', input.orderId, input.at);
        const kept = await trx
          .selectFrom('bff_order_notes')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('seller_id', '=', input.sellerId)
          .where('order_id', '=', input.orderId)
          .executeTakeFirstOrThrow();
        if (Number(kept.count) >= input.max) return null;
        const inserted = await trx
          .insertInto('bff_order_notes')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return toNote({ ...row, id: Number(inserted.id) });
      });
    },
  };
}

export type OrderNoteRepository = ReturnType<typeof createOrderNoteRepository>;
