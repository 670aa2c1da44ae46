import type { Kysely } from 'kysely';

/**
 * Team access (docs/decisions/0100-team-access.md): the operators a seller added, with their permissions, and the
 * operator behind each personal-data read made under an account.
 */
export const m0007 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_operators')
      .addColumn('seller_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('operator_user_id', 'bigint', (c) => c.notNull().references('users.id'))
      // Comma-separated names from the documented set; empty when the operator may do nothing yet.
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_operators_pk', ['seller_id', 'operator_user_id'])
      .execute();
    // The operator's side: the accounts a user operates, and the rights check of every operator request.
    await db.schema
      .createIndex('account_operators_operator')
      .on('account_operators')
      .columns(['operator_user_id', 'seller_id'])
      .execute();
    // Null for reads made with the account's own token; rows written before this migration are such reads.
    await db.schema.alterTable('personal_data_access_log').addColumn('operator_user_id', 'bigint').execute();
  },
};
