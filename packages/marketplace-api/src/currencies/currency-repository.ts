import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function createCurrencyRepository(db: Kysely<Database>) {
  const columns = ['id', 'description', 'symbol', 'decimal_places'] as const;
  return {
    async list() {
      return db.selectFrom('currencies').select(columns).orderBy('position').orderBy('id').execute();
    },
    async find(id: string) {
      return db.selectFrom('currencies').select(columns).where('id', '=', id).executeTakeFirst();
    },
    async rates(ids: string[]) {
      return db
        .selectFrom('currencies')
        .select(['id', 'usd_rate', 'rate_updated_at'])
        .where('id', 'in', ids)
        .execute();
    },
    /** Decimal places of every currency, for rendering money; reference data, read once. */
    async decimals(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('currencies').select(['id', 'decimal_places']).execute();
      return new Map(rows.map((r) => [r.id, r.decimal_places]));
    },
  };
}

export type CurrencyRepository = ReturnType<typeof createCurrencyRepository>;
