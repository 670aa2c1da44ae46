import { type Kysely, sql } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken, type TokenRow } from '../../oauth/token-repository.ts';
import type { OrderRef } from '../order-repository.ts';

/**
 * What one statement answers: the token, the read model's changes since its cursor, the order's version and, for a
 * read in the legacy form, the order's shipment document.
 */
export interface ReadAhead {
  token: TokenRow | undefined;
  changes: { id: number; key: number }[];
  order: OrderRef[];
  shipment?: { id: number; doc: string };
}

interface Row {
  part: number | string;
  a: number | string | null;
  b: number | string | null;
  c: number | string | null;
  d: number | string | null;
  e?: string | null;
}

const TOKEN = 0;
const CHANGE = 1;
const ORDER = 2;
const SHIPMENT = 3;
const num = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * An order read on PostgreSQL in one round trip (decision 0157): the bearer token's row, the changes to the read
 * model since `afterId` (or stamped at `sinceAt` or later), and the id and version of the order, in one statement
 * planned once per connection; for the legacy form also the document of the order's shipment, whose summary that
 * form embeds (decision 0203). Where the store counts changes (a SQLite file) none of this is needed.
 */
export function createOrderReadAhead(db: Kysely<Database>) {
  const statement = precompiled(db, (db, param) => ({
    // Raw SQL: Kysely's builder has no typed union of these three shapes.
    compile: () =>
      sql<Row>`select ${sql.lit(TOKEN)} as part, user_id as a, application_id as b, expires_at as c, revoked_at as d
        from access_tokens where token_hash = ${param(0)}
      union all
      select ${sql.lit(CHANGE)}, id, key, null, null
        from read_model_changes where id > ${param(1)} or at >= ${param(2)}
      union all
      select ${sql.lit(ORDER)}, id, version, null, null from orders where id = ${param(3)}`.compile(db),
  }));
  const withShipment = precompiled(db, (db, param) => ({
    compile: () =>
      sql<Row>`select ${sql.lit(TOKEN)} as part, user_id as a, application_id as b, expires_at as c, revoked_at as d,
          null::text as e
        from access_tokens where token_hash = ${param(0)}
      union all
      select ${sql.lit(CHANGE)}, id, key, null, null, null
        from read_model_changes where id > ${param(1)} or at >= ${param(2)}
      union all
      select ${sql.lit(ORDER)}, id, version, null, null, null from orders where id = ${param(3)}
      union all
      select ${sql.lit(SHIPMENT)}, s.id, null, null, null, s.doc
        from orders o join shipments s on s.id = o.shipping_id where o.id = ${param(3)}`.compile(db),
  }));

  return async (
    token: string,
    afterId: number,
    sinceAt: number,
    orderId: number,
    legacy = false,
  ): Promise<ReadAhead> => {
    const answer: ReadAhead = { token: undefined, changes: [], order: [] };
    const rows = await (legacy ? withShipment : statement)(hashToken(token), afterId, sinceAt, orderId);
    for (const row of rows) {
      const part = Number(row.part);
      if (part === TOKEN) {
        answer.token = {
          user_id: num(row.a)!,
          application_id: num(row.b)!,
          expires_at: num(row.c)!,
          revoked_at: num(row.d),
        };
      } else if (part === CHANGE) answer.changes.push({ id: num(row.a)!, key: num(row.b)! });
      else if (part === ORDER) answer.order.push({ id: num(row.a)!, version: num(row.b)! });
      else if (row.e !== null && row.e !== undefined) answer.shipment = { id: num(row.a)!, doc: row.e };
    }
    return answer;
  };
}
