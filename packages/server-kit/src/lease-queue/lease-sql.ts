import { type RawBuilder, sql } from 'kysely';

/** Anything a raw statement runs on: a Kysely instance or a transaction, of any database. */
export type Executor = Parameters<RawBuilder<unknown>['execute']>[0];

/**
 * The columns of a leased queue table: rows keyed by a numeric `id`, due at a time, leased with `claimed_by` and
 * `claimed_until`, grouped into lanes whose rows are handled in id order.
 */
export interface LeaseTable {
  table: string;
  /** The column holding when a row comes due (epoch ms). */
  due: string;
  /** The columns whose values make a lane: one application, user and order; or one user. */
  lane: readonly string[];
  /** What a row waiting to be handled has: `column is null`, or `column = value`. */
  pending: { column: string; value: string | null };
}

function pendingIn(spec: LeaseTable, alias: string) {
  const column = sql.ref(`${alias}.${spec.pending.column}`);
  return spec.pending.value === null ? sql`${column} is null` : sql`${column} = ${spec.pending.value}`;
}

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Leases to `worker`, until `now + leaseMs`, each given lane head and the unbroken run of due, free rows behind it
 * in its lane (at most `perLane` rows a lane): a row that is not due, or held by another worker, stops its lane
 * there, so nothing overtakes it. The guarded update gives a row to one worker only. Answers the ids now held by
 * `worker` and the lease's end, which the caller reads its rows back by. Run it in the transaction that picked the
 * heads.
 */
export async function leaseRuns(
  trx: Executor,
  spec: LeaseTable,
  heads: readonly number[],
  now: number,
  worker: string,
  options: { leaseMs: number; perLane: number },
): Promise<{ ids: number[]; until: number }> {
  const until = now + options.leaseMs;
  if (heads.length === 0) return { ids: [], until };
  const table = sql.table(spec.table);
  const taken = [...heads];
  if (options.perLane > 1) {
    const sameLane = sql.join(
      spec.lane.map((column) => sql`${sql.ref(`f.${column}`)} = ${sql.ref(`h.${column}`)}`),
      sql` and `,
    );
    for (const head of heads) {
      const followers = await sql<{ id: number; due: number; claimed_until: number | null }>`
        select f.id, ${sql.ref(`f.${spec.due}`)} as due, f.claimed_until
        from ${table} as f join ${table} as h on ${sameLane}
        where h.id = ${head} and f.id > ${head} and ${pendingIn(spec, 'f')}
        order by f.id
        limit ${options.perLane - 1}
      `.execute(trx);
      for (const f of followers.rows) {
        if (Number(f.due) > now) break;
        if (f.claimed_until !== null && Number(f.claimed_until) > now) break;
        taken.push(Number(f.id));
      }
    }
  }
  await sql`
    update ${table} set claimed_by = ${worker}, claimed_until = ${until}
    where id in (${ids(taken)}) and ${pendingIn(spec, spec.table)}
      and (claimed_until is null or claimed_until <= ${now})
  `.execute(trx);
  const held = await sql<{ id: number }>`
    select id from ${table}
    where id in (${ids(taken)}) and claimed_by = ${worker} and claimed_until = ${until}
    order by id
  `.execute(trx);
  return { ids: held.rows.map((r) => Number(r.id)), until };
}

/** Gives rows `worker` holds back untouched, due as they were (the rest of a lane that stopped). */
export async function releaseRows(
  db: Executor,
  spec: LeaseTable,
  list: readonly number[],
  worker: string,
): Promise<void> {
  if (list.length === 0) return;
  await sql`
    update ${sql.table(spec.table)} set claimed_by = null, claimed_until = null
    where id in (${ids(list)}) and claimed_by = ${worker} and ${pendingIn(spec, spec.table)}
  `.execute(db);
}
