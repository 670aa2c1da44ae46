import { randomUUID } from 'node:crypto';
import type { SavedView, SavedViewWrite } from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { BffDatabase, BffSavedViewsTable } from '../db/schema.ts';
import { takeWriteTurn } from '../db/write-turn.ts';
import type { Actor } from '../session/account-actor.ts';

const toView = (row: BffSavedViewsTable): SavedView => ({
  id: row.id,
  name: row.name,
  search: JSON.parse(row.search) as Record<string, string>,
  columns: row.columns === null ? null : (JSON.parse(row.columns) as string[]),
  updated_by: { user_id: Number(row.updated_by_id), nickname: row.updated_by_nickname },
  updated_at: new Date(Number(row.updated_at)).toISOString(),
});

const nameKey = (name: string) => name.toLocaleLowerCase('und');

/** All SQL of the saved views of the order list, per seller account (decision 0193). */
export function createSavedViewRepository(db: Kysely<BffDatabase>) {
  const list = (trx: Kysely<BffDatabase>, accountId: number) =>
    trx
      .selectFrom('bff_saved_views')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** The account's views, once its turn to write them is taken (decision 0255): no one else adds any meanwhile. */
  const listForWriting = async (trx: Kysely<BffDatabase>, accountId: number, at: number) => {
    await takeWriteTurn(trx, 'saved_views', accountId, at);
    return list(trx, accountId);
  };

  /** Inserts the view, or replaces the one of the same name; null when the account has `max` views already. */
  async function put(
    trx: Kysely<BffDatabase>,
    input: { accountId: number; view: SavedViewWrite; actor: Actor; at: number; max: number },
    existing: BffSavedViewsTable[],
  ): Promise<{ view: SavedView; created: boolean } | null> {
    const key = nameKey(input.view.name);
    const same = existing.find((row) => row.name_key === key);
    const row: BffSavedViewsTable = {
      account_id: input.accountId,
      id: same?.id ?? randomUUID(),
      name: input.view.name,
      name_key: key,
      search: JSON.stringify(input.view.search),
      columns: input.view.columns ? JSON.stringify(input.view.columns) : null,
      created_at: same ? Number(same.created_at) : input.at,
      updated_by_id: input.actor.user_id,
      updated_by_nickname: input.actor.nickname,
      updated_at: input.at,
    };
    if (same) {
      await trx
        .updateTable('bff_saved_views')
        .set({
          name: row.name,
          search: row.search,
          columns: row.columns,
          updated_by_id: row.updated_by_id,
          updated_by_nickname: row.updated_by_nickname,
          updated_at: row.updated_at,
        })
        .where('account_id', '=', input.accountId)
        .where('id', '=', row.id)
        .execute();
      return { view: toView(row), created: false };
    }
    if (existing.length >= input.max) return null;
    await trx.insertInto('bff_saved_views').values(row).execute();
    existing.push(row);
    return { view: toView(row), created: true };
  }

  return {
    async views(accountId: number): Promise<SavedView[]> {
      return (await list(db, accountId)).map(toView);
    },

    /** Keeps a view for the account; one of the same name (whatever its case) is replaced. */
    save(input: {
      accountId: number;
      view: SavedViewWrite;
      actor: Actor;
      at: number;
      max: number;
    }): Promise<{ view: SavedView; created: boolean } | null> {
      // Two members saving the same new name at once: the second finds the first's row and replaces it.
      return db
        .transaction()
        .execute(async (trx) => put(trx, input, await listForWriting(trx, input.accountId, input.at)));
    },

    /**
     * Adds the views one browser kept, in one transaction: those whose name the account keeps already stay as the
     * team saved them, and none past `max`. Answers every view of the account.
     */
    async importViews(input: {
      accountId: number;
      views: SavedViewWrite[];
      actor: Actor;
      at: number;
      max: number;
    }): Promise<SavedView[]> {
      return db.transaction().execute(async (trx) => {
        const existing = await listForWriting(trx, input.accountId, input.at);
        const kept = new Set(existing.map((row) => row.name_key));
        let at = input.at;
        for (const view of input.views) {
          if (kept.has(nameKey(view.name)) || existing.length >= input.max) continue;
          kept.add(nameKey(view.name));
          // One millisecond apart, so the browser's order is kept.
          await put(trx, { ...input, view, at: at++ }, existing);
        }
        return existing.map(toView);
      });
    },

    /** Whether there was such a view. */
    async remove(accountId: number, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('bff_saved_views')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type SavedViewRepository = ReturnType<typeof createSavedViewRepository>;
