import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function createShipmentRepository(db: Kysely<Database>) {
  return {
    async find(id: number) {
      return db
        .selectFrom('shipments')
        .select(['id', 'seller_id', 'buyer_id', 'doc'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type ShipmentRepository = ReturnType<typeof createShipmentRepository>;
