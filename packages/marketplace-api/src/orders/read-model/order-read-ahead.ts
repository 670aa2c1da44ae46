import { type Kysely, sql } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken, type TokenRow } from '../../oauth/token-repository.ts';
import type { OrderRef } from '../order-repository.ts';
import type { PartyCardCache } from './party-cards.ts';

/** What an order read learns from the statement it went in: its token, its order's version and its shipment. */
export interface ReadAhead {
  token: TokenRow | undefined;
  order: OrderRef[];
  /** For a read in the legacy form: the document of the order's shipment. */
  shipment?: { id: number; doc: string };
}

interface Row {
  part: number | string;
  k: string | null;
  a: number | string | null;
  b: number | string | null;
  c: number | string | null;
  d: number | string | null;
  e: string | null;
}

interface Waiting {
  tokenHash: string;
  orderId: number;
  legacy: boolean;
  done: (answer: ReadAhead) => void;
  failed: (error: unknown) => void;
}

const TOKEN = 0;
const CHANGE = 1;
const ORDER = 2;
const SHIPMENT = 3;
/** Reads one statement carries at most; the rest go in the next. */
const MOST_READS = 256;
const num = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Order reads on PostgreSQL, one round trip each at most (decisions 0157, 0204): the bearer tokens' rows, the read
 * model's changes since its cursor, the ids and versions of the orders and, for reads in the legacy form, the
 * documents of their shipments (decision 0203), in one statement planned once per connection. One statement is in
 * flight at a time: reads that arrive meanwhile wait for it to end and go together in the next, which starts after
 * they arrived, so each still sees every commit made before it (a group read, as the access log's group write).
 * Where the store counts changes (a SQLite file) none of this is needed.
 */
export function createOrderReadAhead(db: Kysely<Database>, parties: PartyCardCache) {
  const statement = precompiled(
    db,
    (db, param) => ({
      // Raw SQL: Kysely's builder has no typed union of these shapes. Every part is an index lookup or an index
      // range, whatever the values, so the statement is planned once (generic) rather than at every execution,
      // which cost PostgreSQL several times the execution itself. The changes are two ranges, one per index: an
      // `or` of both would be a scan of the whole table in a plan made without the values.
      compile: () =>
        sql<Row>`select ${sql.lit(TOKEN)} as part, token_hash as k, user_id as a, application_id as b,
            expires_at as c, revoked_at as d, null::text as e
          from access_tokens where token_hash = any(${param(0)})
        union all
        select ${sql.lit(CHANGE)}, null, id, key, null, null, null from read_model_changes where id > ${param(1)}
        union all
        select ${sql.lit(CHANGE)}, null, id, key, null, null, null
          from read_model_changes where at >= ${param(2)} and id <= ${param(1)}
        union all
        select ${sql.lit(ORDER)}, null, id, version, null, null, null from orders where id = any(${param(3)})
        union all
        select ${sql.lit(SHIPMENT)}, null, o.id, s.id, null, null, s.doc
          from orders o join shipments s on s.id = o.shipping_id where o.id = any(${param(4)})`.compile(db),
    }),
    undefined,
    'generic',
  );

  const pending: Waiting[] = [];
  let reading = false;
  // A client reads with the same token again and again: its hash (SHA-256) is worked out once. Kept in memory only,
  // like the tokens the requests bring.
  const hashes = new Map<string, string>();
  const hashOf = (token: string) => {
    let hash = hashes.get(token);
    if (hash === undefined) {
      if (hashes.size >= 10_000) hashes.clear();
      hash = hashToken(token);
      hashes.set(token, hash);
    }
    return hash;
  };

  async function readBatch(batch: Waiting[]) {
    const now = Date.now();
    let from = parties.cursor(now);
    if (!from) {
      // Idle longer than changes are kept: the cards start again from nothing, and the cursor from there.
      await parties.sync();
      from = parties.cursor(Date.now()) ?? { afterId: 0, sinceAt: 0 };
    }
    const tokens = [...new Set(batch.map((w) => w.tokenHash))];
    const orders = [...new Set(batch.map((w) => w.orderId))];
    const legacy = [...new Set(batch.filter((w) => w.legacy).map((w) => w.orderId))];
    const rows = await statement(tokens, from.afterId, from.sinceAt, orders, legacy);
    const found = new Map<string, TokenRow>();
    const versions = new Map<number, OrderRef>();
    const shipments = new Map<number, { id: number; doc: string }>();
    const changes: { id: number; key: number }[] = [];
    for (const row of rows) {
      const part = Number(row.part);
      if (part === TOKEN) {
        found.set(row.k!, {
          user_id: num(row.a)!,
          application_id: num(row.b)!,
          expires_at: num(row.c)!,
          revoked_at: num(row.d),
        });
      } else if (part === CHANGE) changes.push({ id: num(row.a)!, key: num(row.b)! });
      else if (part === ORDER) versions.set(num(row.a)!, { id: num(row.a)!, version: num(row.b)! });
      else if (part === SHIPMENT && row.e !== null)
        shipments.set(num(row.a)!, { id: num(row.b)!, doc: row.e });
    }
    parties.apply(changes, now);
    for (const w of batch) {
      const ref = versions.get(w.orderId);
      const shipment = w.legacy ? shipments.get(w.orderId) : undefined;
      w.done({
        token: found.get(w.tokenHash),
        order: ref ? [ref] : [],
        ...(shipment ? { shipment } : {}),
      });
    }
  }

  function next() {
    if (reading || pending.length === 0) return;
    reading = true;
    const batch = pending.splice(0, MOST_READS);
    readBatch(batch)
      .catch((error) => {
        for (const w of batch) w.failed(error);
      })
      .finally(() => {
        reading = false;
        next();
      });
  }

  /** The token's row, the order's version and, for the legacy form, its shipment, as of a moment after this call. */
  return (token: string, orderId: number, legacy = false): Promise<ReadAhead> =>
    new Promise((done, failed) => {
      // The first read of a quiet moment waits for the end of this turn, so the reads that came with it join it.
      if (pending.length === 0 && !reading) setImmediate(next);
      pending.push({ tokenHash: hashOf(token), orderId, legacy, done, failed });
    });
}
