import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * Classified locations (reference data, loaded by the seed), item reviews and the catalog products items are
 * opted into. Location ids are the platform's opaque strings, so they are text keys; each level keeps its own
 * table because the platform reuses a name (and could reuse an id) across levels.
 */
export function m0003(dialect: Dialect) {
  const id = dialect === 'sqlite' ? 'integer' : 'bigint';
  const real = dialect === 'sqlite' ? 'real' : 'double precision';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('location_countries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'text', (c) => c.notNull())
        .addColumn('decimal_separator', 'text', (c) => c.notNull())
        .addColumn('thousands_separator', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('location_states')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('country_id', 'text', (c) => c.notNull().references('location_countries.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('location_states_country')
        .on('location_states')
        .columns(['country_id', 'position'])
        .execute();
      await db.schema
        .createTable('location_cities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('state_id', 'text', (c) => c.notNull().references('location_states.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('location_cities_state')
        .on('location_cities')
        .columns(['state_id', 'position'])
        .execute();
      await db.schema
        .createTable('location_neighborhoods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('city_id', 'text', (c) => c.notNull().references('location_cities.id'))
        // A subneighborhood points at its neighborhood; top-level neighborhoods have none.
        .addColumn('parent_id', 'text', (c) => c.references('location_neighborhoods.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('location_neighborhoods_city')
        .on('location_neighborhoods')
        .columns(['city_id', 'position'])
        .execute();
      await db.schema
        .createIndex('location_neighborhoods_parent')
        .on('location_neighborhoods')
        .columns(['parent_id'])
        .execute();

      await db.schema
        .createTable('catalog_items')
        .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
        .addColumn('catalog_product_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('catalog_items_product')
        .on('catalog_items')
        .columns(['catalog_product_id'])
        .execute();
      await db.schema
        .createTable('reviews')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('catalog_product_id', 'text')
        // Kept for moderation; the API shows 0 as the platform does (the reviewer is obfuscated).
        .addColumn('reviewer_id', 'bigint', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('rate', 'integer', (c) => c.notNull())
        .addColumn('valorization', 'integer', (c) => c.notNull())
        .addColumn('likes', 'integer', (c) => c.notNull())
        .addColumn('dislikes', 'integer', (c) => c.notNull())
        .addColumn('relevance', 'integer', (c) => c.notNull())
        .addColumn('forbidden_words', 'integer', (c) => c.notNull())
        .addColumn('date_created', 'bigint', (c) => c.notNull())
        .addColumn('buying_date', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reviews_item_relevance')
        .on('reviews')
        .columns(['item_id', 'relevance', 'id'])
        .execute();
      await db.schema
        .createIndex('reviews_catalog_relevance')
        .on('reviews')
        .columns(['catalog_product_id', 'relevance', 'id'])
        .execute();
    },
  };
}
