import { type CommitGroup, directCommits } from '@mostrador/server-kit/store';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FaultRulesTable } from '../db/schema.ts';
import type { FaultRule, NewFaultRule } from './fault-rules.ts';
import { faultText, parseFault } from './fault-spec.ts';

type Row = Omit<Selectable<FaultRulesTable>, 'created_at'>;

const toRule = (row: Row): FaultRule | null => {
  const parsed = parseFault(row.fault);
  // A row written by hand that does not read as a fault is passed over rather than failing every request.
  if (!parsed.ok) return null;
  return {
    id: Number(row.id),
    fault: parsed.fault,
    method: row.method,
    path: row.path,
    topic: row.topic,
    remaining: row.remaining === null ? null : Number(row.remaining),
    fraction: Number(row.fraction),
  };
};

/** All SQL of the fault rules (decision 0293): plain statements that run on SQLite and PostgreSQL alike. */
export function createFaultRuleRepository(db: Kysely<Database>, group?: CommitGroup<Database>) {
  // The store's commit group, or a transaction of its own per write without one.
  const commits = group ?? directCommits(db);
  return {
    async add(rule: NewFaultRule, now: number): Promise<FaultRule> {
      const inserted = await commits.run((trx) =>
        trx
          .insertInto('fault_rules')
          .values({
            fault: faultText(rule.fault),
            method: rule.method,
            path: rule.path,
            topic: rule.topic,
            remaining: rule.remaining,
            fraction: rule.fraction,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return { ...rule, id: Number(inserted.id) };
    },

    /** Every rule, oldest first. */
    async list(): Promise<FaultRule[]> {
      const rows = await db
        .selectFrom('fault_rules')
        .select(['id', 'fault', 'method', 'path', 'topic', 'remaining', 'fraction'])
        .orderBy('id')
        .execute();
      return rows.map(toRule).filter((rule) => rule !== null);
    },

    async remove(id: number): Promise<boolean> {
      const removed = await commits.run((trx) =>
        trx.deleteFrom('fault_rules').where('id', '=', id).executeTakeFirst(),
      );
      return Number(removed.numDeletedRows) > 0;
    },

    async clear(): Promise<number> {
      const removed = await commits.run((trx) => trx.deleteFrom('fault_rules').executeTakeFirst());
      return Number(removed.numDeletedRows);
    },

    /**
     * Takes one use of a rule: always for a rule without a count; for a counted one only while a use is left, taken
     * by one request of one server at most, and the rule goes with its last use.
     */
    async take(rule: FaultRule): Promise<boolean> {
      if (rule.remaining === null) return true;
      return commits.run(async (trx) => {
        const taken = await trx
          .updateTable('fault_rules')
          .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
          .where('id', '=', rule.id)
          .where('remaining', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('fault_rules').where('id', '=', rule.id).where('remaining', '<=', 0).execute();
        return true;
      });
    },
  };
}

export type FaultRuleRepository = ReturnType<typeof createFaultRuleRepository>;

/**
 * The rules as of a reading of the store's change sequence (decision 0240): read once per reading, so a server
 * follows a command's change from its next request on, and reads nothing while nothing changed.
 */
export function faultRulesAt(rules: Pick<FaultRuleRepository, 'list'>): (at: number) => Promise<FaultRule[]> {
  let kept: { at: number; rules: Promise<FaultRule[]> } | undefined;
  return (at) => {
    if (kept?.at !== at) {
      const reading = rules.list();
      const entry = { at, rules: reading };
      kept = entry;
      reading.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.rules;
  };
}
