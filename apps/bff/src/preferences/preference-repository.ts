import { type Language, parseLanguage } from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { BffDatabase } from '../db/schema.ts';

/** All SQL of the users' preferences and the session's chosen language. */
export function createPreferenceRepository(db: Kysely<BffDatabase>) {
  return {
    async languageOfUser(userId: number): Promise<Language | null> {
      const row = await db
        .selectFrom('bff_user_preferences')
        .select('language')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return parseLanguage(row?.language);
    },

    /** When the user last chose a language (ms since the epoch), or null if it never did. */
    async languageChosenAt(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('bff_user_preferences')
        .select('updated_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.updated_at) : null;
    },

    /** The choice of a signed-in user: on the session and on the user, at once. */
    async chooseLanguage(choice: {
      sessionIdHash: string;
      userId: number | null;
      language: Language;
      at: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('bff_sessions')
          .set({ language: choice.language })
          .where('id_hash', '=', choice.sessionIdHash)
          .execute();
        if (choice.userId === null) return;
        await trx
          .insertInto('bff_user_preferences')
          .values({ user_id: choice.userId, language: choice.language, updated_at: choice.at })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({ language: choice.language, updated_at: choice.at }),
          )
          .execute();
      });
    },
  };
}

export type PreferenceRepository = ReturnType<typeof createPreferenceRepository>;
