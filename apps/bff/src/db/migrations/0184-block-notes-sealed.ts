import type { Kysely } from 'kysely';

/**
 * Block notes sealed at rest (decision 0184): the sealed note's column. The rows written before it are sealed right
 * after the migrations, once the store's keys have been checked against the store (`sealPlainNotes` of the block
 * note repository): sealing under keys not yet known to be the store's could leave notes no key opens.
 */
export const m0184 = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bff_block_notes').addColumn('note_enc', 'text').execute();
  },
};
