import { type Kysely, sql } from 'kysely';

// Frozen copy of the platform's order of GET /currencies at the time of this migration (the recorded answer):
// stores seeded before it get their positions here; later seeds write them themselves.
const PLATFORM_ORDER = [
  'ARS',
  'BRL',
  'CLF',
  'CLP',
  'COP',
  'CRC',
  'DOP',
  'EUR',
  'MXN',
  'PAB',
  'PEN',
  'USD',
  'UYU',
  'VEF',
  'GTQ',
  'BOB',
  'HNL',
  'NIO',
  'PYG',
  'CUC',
];

/** `GET /currencies` lists currencies in the platform's order, not alphabetically (decision 0132). */
export const m0010 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('currencies')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(PLATFORM_ORDER.length))
      .execute();
    for (const [position, id] of PLATFORM_ORDER.entries()) {
      await sql`update currencies set position = ${position} where id = ${id}`.execute(db);
    }
  },
};
