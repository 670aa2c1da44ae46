import type { Kysely } from 'kysely';

/**
 * The projection of each seller's orders behind Today and Insights (decision 0281): one row per order with what the
 * queues and the figures read, one row per order line for the products, and one row per seller with where its fill
 * stands and who holds it.
 */
export const m0281 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_seller_day_sellers')
      .addColumn('seller_id', 'bigint', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('fill_from', 'bigint')
      .addColumn('synced_to', 'bigint')
      .addColumn('as_of', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('currency_id', 'text')
      .addColumn('utc_offset', 'text')
      .execute();
    await db.schema
      .createTable('bff_seller_day_orders')
      .addColumn('order_id', 'bigint', (c) => c.primaryKey())
      .addColumn('seller_id', 'bigint', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('last_updated', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency_id', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('receives_cents', 'bigint', (c) => c.notNull())
      .addColumn('units', 'integer', (c) => c.notNull())
      .addColumn('sale', 'integer', (c) => c.notNull())
      .addColumn('cancelled', 'integer', (c) => c.notNull())
      .addColumn('fraud', 'integer', (c) => c.notNull())
      .addColumn('purchase_rating', 'text')
      .addColumn('to_ship', 'integer', (c) => c.notNull())
      .addColumn('fraud_open', 'integer', (c) => c.notNull())
      .addColumn('reply_due_until', 'bigint')
      .addColumn('unrated', 'integer', (c) => c.notNull())
      .addColumn('mediation_open', 'integer', (c) => c.notNull())
      .addColumn('at_risk', 'integer', (c) => c.notNull())
      .addColumn('buyer_nickname', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('shipment_state', 'text')
      .addColumn('missing_evidence', 'text')
      .addColumn('mediation_stage', 'text')
      .addColumn('feedback_date', 'bigint')
      .execute();
    // Insights read a seller's period from this index alone.
    await db.schema
      .createIndex('bff_seller_day_orders_period')
      .on('bff_seller_day_orders')
      .columns([
        'seller_id',
        'date_created',
        'day',
        'status',
        'sale',
        'cancelled',
        'fraud',
        'purchase_rating',
        'total_cents',
        'receives_cents',
        'units',
      ])
      .execute();
    // Each of Today's queues is counted and its first entries found on an index of its own.
    for (const flag of ['to_ship', 'fraud_open', 'unrated', 'mediation_open', 'at_risk'] as const) {
      await db.schema
        .createIndex(`bff_seller_day_orders_${flag}`)
        .on('bff_seller_day_orders')
        .columns(['seller_id', flag, 'date_created'])
        .execute();
    }
    await db.schema
      .createIndex('bff_seller_day_orders_reply_due')
      .on('bff_seller_day_orders')
      .columns(['seller_id', 'reply_due_until'])
      .execute();
    await db.schema
      .createTable('bff_seller_day_lines')
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('seller_id', 'bigint', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('sale', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('revenue_cents', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bff_seller_day_lines_pk', ['order_id', 'line'])
      .execute();
    await db.schema
      .createIndex('bff_seller_day_lines_period')
      .on('bff_seller_day_lines')
      .columns(['seller_id', 'sale', 'date_created', 'item_id', 'quantity', 'revenue_cents'])
      .execute();
  },
};
