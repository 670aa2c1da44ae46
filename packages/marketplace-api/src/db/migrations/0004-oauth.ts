import type { Dialect } from '@mostrador/server-kit/store';
import { type Kysely, sql } from 'kysely';

// Frozen copy of the seed's demo list at the time of this migration: stores seeded before it get their flag here.
const DEMO_NICKNAMES = [
  'TIENDA_PALERMO',
  'LOJA_PINHEIROS',
  'BAZAR_COYOACAN',
  'COMPRADOR_BELGRANO',
  'COMPRADORA_SAMPA',
  'COMPRADOR_POLANCO',
];

/**
 * The platform's OAuth 2.0 authorization-code flow with PKCE (decisions 0030–0033): client secrets and redirect
 * URIs of applications, single-use authorization codes, rotating refresh tokens grouped in families, and the demo
 * accounts the local sign-in page offers. Codes and tokens are stored as SHA-256 hashes only.
 */
export function m0004(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('demo_account', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set demo_account = 1 where nickname in (${sql.join(DEMO_NICKNAMES)})`.execute(
        db,
      );

      await db.schema.alterTable('applications').addColumn('client_secret_hash', 'text').execute();
      await db.schema
        .createTable('oauth_redirect_uris')
        .addColumn('application_id', 'bigint', (c) => c.notNull().references('applications.id'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('oauth_redirect_uris_pk', ['application_id', 'redirect_uri'])
        .execute();

      await db.schema
        .createTable('oauth_authorization_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('application_id', 'bigint', (c) => c.notNull().references('applications.id'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        // The token family the code was exchanged for: a second use of the code revokes it (RFC 6749 4.1.2).
        .addColumn('family_id', 'text')
        .execute();
      await db.schema
        .createIndex('oauth_authorization_codes_expires')
        .on('oauth_authorization_codes')
        .columns(['expires_at'])
        .execute();

      await db.schema
        .createTable('oauth_refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('application_id', 'bigint', (c) => c.notNull().references('applications.id'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('oauth_refresh_tokens_family')
        .on('oauth_refresh_tokens')
        .columns(['family_id'])
        .execute();

      // Access tokens issued by the token endpoint belong to a family, so a replayed refresh token revokes them too.
      await db.schema.alterTable('access_tokens').addColumn('family_id', 'text').execute();
      await db.schema
        .createIndex('access_tokens_family')
        .on('access_tokens')
        .columns(['family_id'])
        .execute();
    },
  };
}
