import { type Kysely, sql } from 'kysely';

const DAY = 86_400_000;

/**
 * What time does to an order (decision 0290): `expired` (1 once past `expiration_date`) and `time_due` (the next
 * instant time changes the order), with an index on the orders that have one, which the sweep reads.
 *
 * Orders already stored count as expired unless created in the last 28 days (their `expiration_date` is creation +
 * 28 days): the first sweep after the upgrade must not notify a year of orders at once. Those still open wait for
 * their expiration (a payment left pending ends with it), or three days after creation where a payment made in the
 * last three days may still be pending; a stale `time_due` is corrected by the sweep without a change to the order.
 */
export const m0014 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('orders').addColumn('time_due', 'bigint').execute();
    const since = Date.now() - 28 * DAY;
    await sql`update orders set expired = 0, time_due = date_created + ${
      28 * DAY
    } where date_created > ${since}`.execute(db);
    await sql`update orders set time_due = date_created + ${3 * DAY}
      where date_created > ${Date.now() - 3 * DAY}
        and status in ('payment_required', 'payment_in_process', 'confirmed', 'partially_paid')`.execute(db);
    await db.schema
      .createIndex('orders_time_due')
      .on('orders')
      .column('time_due')
      .where(sql.ref('time_due'), 'is not', null)
      .execute();
  },
};
