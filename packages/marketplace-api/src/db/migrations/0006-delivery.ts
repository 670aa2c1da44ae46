import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * Delivery (spec 1; docs/decisions/0091-delivery-state-and-evidence.md): where each shipment stands and the proof
 * that it arrived, the row of the delivery table each order is in (an order search column), and the notices a
 * seller got of a cancellation or chargeback. Columns added with defaults, so stores seeded before keep working.
 */
export function m0006(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('shipments')
        .addColumn('delivery_state', 'text', (c) => c.notNull().defaultTo('not_platform_shipping'))
        .execute();
      await db.schema.alterTable('shipments').addColumn('evidence_kind', 'text').execute();
      await db.schema.alterTable('shipments').addColumn('evidence_reference', 'text').execute();
      await db.schema.alterTable('shipments').addColumn('evidence_at', 'bigint').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('delivery_case', 'text', (c) => c.notNull().defaultTo('own_without_evidence'))
        .execute();
      await db.schema
        .createTable('seller_notices')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('seller_id', 'bigint', (c) => c.notNull())
        // email, phone or notification: how the seller was told, never the address or number itself.
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('delivery_case', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('seller_notices_order')
        .on('seller_notices')
        .columns(['order_id'])
        .execute();
    },
  };
}
