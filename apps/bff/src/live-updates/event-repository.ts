import type { Kysely } from 'kysely';
import type { BffDatabase } from '../db/schema.ts';

export interface StoredEvent {
  id: number;
  userId: number;
  name: string;
  /** One line of JSON. */
  data: string;
}

/** All SQL of the published events (`bff_events`, decision 0053). */
export function createEventRepository(db: Kysely<BffDatabase>) {
  return {
    /** A user's events after `afterId`, oldest first. */
    async after(userId: number, afterId: number, limit: number): Promise<StoredEvent[]> {
      const rows = await db
        .selectFrom('bff_events')
        .select(['id', 'user_id', 'name', 'data'])
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), name: r.name, data: r.data }));
    },

    /** The id of the user's newest event; 0 when there is none. */
    async latestId(userId: number): Promise<number> {
      const row = await db
        .selectFrom('bff_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
    },

    /** Whose event an id is; undefined when there is no such event (never was, or purged). */
    async ownerOf(eventId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('bff_events')
        .select('user_id')
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row ? Number(row.user_id) : undefined;
    },

    async purge(before: number): Promise<number> {
      const result = await db.deleteFrom('bff_events').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
