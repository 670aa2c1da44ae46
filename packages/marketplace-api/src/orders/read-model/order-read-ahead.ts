import { type Kysely, sql } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken, type TokenRow } from '../../oauth/token-repository.ts';
import type { OrderRef } from '../order-repository.ts';

/** What one statement answers: the token, the read model's changes since its cursor, and the order's version. */
export interface ReadAhead {
  token: TokenRow | undefined;
  changes: { id: number; key: number }[];
  order: OrderRef[];
}

interface Row {
  part: number | string;
  a: number | string | null;
  b: number | string | null;
  c: number | string | null;
  d: number | string | null;
}

const TOKEN = 0;
const CHANGE = 1;
const ORDER = 2;
const num = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * An order read on PostgreSQL in one round trip (decision 0157): the bearer token's row, the changes to the read
 * model since `afterId` (or stamped at `sinceAt` or later), and the id and version of the order, in one statement
 * planned once per connection. Where the store counts changes (a SQLite file) none of this is needed.
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

  return async (token: string, afterId: number, sinceAt: number, orderId: number): Promise<ReadAhead> => {
    const answer: ReadAhead = { token: undefined, changes: [], order: [] };
    for (const row of await statement(hashToken(token), afterId, sinceAt, orderId)) {
      const part = Number(row.part);
      if (part === TOKEN) {
        answer.token = {
          user_id: num(row.a)!,
          application_id: num(row.b)!,
          expires_at: num(row.c)!,
          revoked_at: num(row.d),
        };
      } else if (part === CHANGE) answer.changes.push({ id: num(row.a)!, key: num(row.b)! });
      else answer.order.push({ id: num(row.a)!, version: num(row.b)! });
    }
    return answer;
  };
}
