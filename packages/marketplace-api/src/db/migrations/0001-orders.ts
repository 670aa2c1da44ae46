import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

export interface OrderIndex {
  name: string;
  table: string;
  columns: string[];
  unique?: boolean;
  /**
   * A bulk load writes orders in id order, so these keys arrive (nearly) in ascending order: an order's id, or its
   * creation time, which grows with the id give or take an hour. Such an index is kept through the load, each key
   * added at its right edge, which costs less than sorting every key again afterwards.
   */
  keysInLoadOrder?: boolean;
}

/**
 * Secondary indexes of the order tables. Each side's search walks one of the first pairs in date order; the status
 * variant serves `order.status`. The seed drops and rebuilds the others around a bulk load, which is many times
 * faster than keeping them up to date row by row: their keys arrive in random order.
 */
export const ORDER_INDEXES: OrderIndex[] = [
  // `version` rides along so a page of ids and versions comes from the index alone, for the read cache.
  { name: 'orders_seller_date', table: 'orders', columns: ['seller_id', 'date_created', 'id', 'version'] },
  {
    name: 'orders_seller_status_date',
    table: 'orders',
    columns: ['seller_id', 'status', 'date_created', 'id', 'version'],
  },
  { name: 'orders_buyer_date', table: 'orders', columns: ['buyer_id', 'date_created', 'id', 'version'] },
  {
    name: 'orders_buyer_status_date',
    table: 'orders',
    columns: ['buyer_id', 'status', 'date_created', 'id', 'version'],
  },
  { name: 'orders_date_created', table: 'orders', columns: ['date_created'], keysInLoadOrder: true },
  { name: 'shipments_order', table: 'shipments', columns: ['order_id'], keysInLoadOrder: true },
  {
    name: 'feedback_order_role',
    table: 'feedback',
    columns: ['order_id', 'role'],
    unique: true,
    keysInLoadOrder: true,
  },
];

export async function createIndexes(db: Kysely<unknown>, indexes = ORDER_INDEXES) {
  for (const ix of indexes) {
    let builder = db.schema.createIndex(ix.name).ifNotExists().on(ix.table).columns(ix.columns);
    if (ix.unique) builder = builder.unique();
    await builder.execute();
  }
}

export async function dropIndexes(db: Kysely<unknown>, indexes = ORDER_INDEXES) {
  for (const ix of indexes) await db.schema.dropIndex(ix.name).ifExists().execute();
}

/** The order half of the marketplace: reference data, users, tokens, items, orders and their resources. */
export function m0001(dialect: Dialect) {
  // SQLite makes `integer primary key` the row id (no second index); PostgreSQL needs 64-bit ids.
  const id = dialect === 'sqlite' ? 'integer' : 'bigint';
  const real = dialect === 'sqlite' ? 'real' : 'double precision';
  const bytes = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('store_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('currencies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('decimal_places', 'integer', (c) => c.notNull())
        .addColumn('usd_rate', real, (c) => c.notNull())
        .addColumn('rate_updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('country_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull().references('currencies.id'))
        .addColumn('utc_offset_minutes', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('nickname', 'text', (c) => c.notNull().unique())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
        .addColumn('country_id', 'text', (c) => c.notNull())
        .addColumn('registration_date', 'bigint', (c) => c.notNull())
        .addColumn('user_type', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('first_name_enc', 'text')
        .addColumn('last_name_enc', 'text')
        .addColumn('email_enc', 'text')
        .addColumn('email_bidx', 'text', (c) => c.unique())
        .addColumn('phone_enc', 'text')
        .addColumn('alternative_phone_enc', 'text')
        .addColumn('identification_enc', 'text')
        .addColumn('address_enc', 'text')
        .addColumn('address_state', 'text')
        .addColumn('address_city', 'text')
        .addColumn('seller_reputation', 'text', (c) => c.notNull())
        .addColumn('buyer_reputation', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('credit', 'text', (c) => c.notNull())
        .addColumn('seller_experience', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('applications')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('callback_url', 'text')
        .addColumn('topics', 'text', (c) => c.notNull())
        .addColumn('notifications_active', 'integer', (c) => c.notNull())
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('access_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('application_id', 'bigint', (c) => c.notNull().references('applications.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('access_tokens_user_app')
        .on('access_tokens')
        .columns(['user_id', 'application_id'])
        .execute();
      await db.schema
        .createTable('items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('seller_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('condition', 'text', (c) => c.notNull())
        .addColumn('listing_type_id', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('price_minor', 'bigint', (c) => c.notNull())
        .addColumn('available_quantity', 'integer', (c) => c.notNull())
        .addColumn('sold_quantity', 'integer', (c) => c.notNull())
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('items_seller').on('items').columns(['seller_id']).execute();
      await db.schema
        .createTable('orders')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('seller_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('buyer_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('total_minor', 'bigint', (c) => c.notNull())
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .addColumn('date_closed', 'bigint')
        .addColumn('last_updated', 'bigint', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('feedback_status', 'text', (c) => c.notNull())
        .addColumn('feedback_sale_rating', 'text')
        .addColumn('feedback_purchase_rating', 'text')
        .addColumn('feedback_sale_fulfilled', 'integer')
        .addColumn('feedback_purchase_fulfilled', 'integer')
        .addColumn('mediation_stage', 'text')
        .addColumn('mediation_status', 'text')
        .addColumn('shipping_id', 'bigint')
        .addColumn('doc', bytes, (c) => c.notNull())
        .addColumn('payments_full', bytes, (c) => c.notNull())
        .addColumn('payments_short', bytes, (c) => c.notNull())
        .addColumn('feedback_doc', bytes, (c) => c.notNull())
        .addColumn('mediations_doc', bytes, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('order_counts')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_counts_pk', ['user_id', 'side', 'status'])
        .execute();
      await db.schema
        .createTable('shipments')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('seller_id', 'bigint', (c) => c.notNull())
        .addColumn('buyer_id', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('cost_minor', 'bigint', (c) => c.notNull())
        .addColumn('list_cost_minor', 'bigint', (c) => c.notNull())
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .addColumn('last_updated', 'bigint', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('order_discounts')
        .addColumn('order_id', id, (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('order_product')
        .addColumn('order_id', id, (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('attributes', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('feedback')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('from_user_id', 'bigint', (c) => c.notNull())
        .addColumn('to_user_id', 'bigint', (c) => c.notNull())
        .addColumn('fulfilled', 'integer', (c) => c.notNull())
        .addColumn('rating', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('message', 'text')
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .addColumn('reply', 'text')
        .addColumn('reply_date', 'bigint')
        .execute();
      await createIndexes(db);
    },
  };
}
