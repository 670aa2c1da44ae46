import type { Kysely } from 'kysely';

/** Sessions, their accounts and pending sign-ins, beside the marketplace's tables with a `bff_` prefix. */
export const m0001 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('active_user_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bff_sessions_expires').on('bff_sessions').columns(['expires_at']).execute();

    await db.schema
      .createTable('bff_accounts')
      .addColumn('session_id_hash', 'text', (c) =>
        c.notNull().references('bff_sessions.id_hash').onDelete('cascade'),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text')
      .addColumn('access_token_enc', 'text', (c) => c.notNull())
      .addColumn('access_expires_at', 'bigint')
      .addColumn('refresh_token_enc', 'text')
      .addColumn('signed_in_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bff_accounts_pk', ['session_id_hash', 'user_id'])
      .execute();
    await db.schema
      .createIndex('bff_accounts_access_expires')
      .on('bff_accounts')
      .columns(['access_expires_at'])
      .execute();

    await db.schema
      .createTable('bff_login_flows')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('binding_hash', 'text', (c) => c.notNull())
      .addColumn('code_verifier_enc', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('return_to', 'text', (c) => c.notNull())
      .addColumn('session_id_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bff_login_flows_expires')
      .on('bff_login_flows')
      .columns(['expires_at'])
      .execute();
  },
};
