import { OPERATOR_PERMISSIONS, type OperatorPermission } from '@mostrador/contracts';
import { precompiled } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';

export interface OperatorRecord {
  sellerId: number;
  operatorUserId: number;
  nickname: string;
  permissions: OperatorPermission[];
  createdAt: number;
  updatedAt: number;
}

const KNOWN = new Set<string>(OPERATOR_PERMISSIONS);

/** Stored as a comma-separated list in the documented order; a name this build does not know is dropped. */
const parsePermissions = (text: string): OperatorPermission[] =>
  text === '' ? [] : (text.split(',').filter((p) => KNOWN.has(p)) as OperatorPermission[]);
const formatPermissions = (list: readonly OperatorPermission[]) =>
  OPERATOR_PERMISSIONS.filter((p) => list.includes(p)).join(',');

/**
 * The teams of seller accounts (docs/decisions/0100-team-access.md). Rights are read from the database on every
 * request an operator makes and never cached, so a removal or a narrowed permission holds from the next request.
 */
export function createOperatorRepository(db: Kysely<Database>, read?: SnapshotRead) {
  const findRights = precompiled(
    db,
    (db, param) =>
      db
        .selectFrom('account_operators')
        .select('permissions')
        .where('seller_id', '=', param(0) as number)
        .where('operator_user_id', '=', param(1) as number),
    read,
  );

  return {
    /** What `operatorUserId` may do for `sellerId`, or null when it is not on that account's team. */
    async rights(sellerId: number, operatorUserId: number): Promise<OperatorPermission[] | null> {
      const [row] = await findRights(sellerId, operatorUserId);
      return row ? parsePermissions(row.permissions) : null;
    },

    async list(sellerId: number): Promise<OperatorRecord[]> {
      const rows = await db
        .selectFrom('account_operators as o')
        .innerJoin('users as u', 'u.id', 'o.operator_user_id')
        .select([
          'o.seller_id',
          'o.operator_user_id',
          'u.nickname',
          'o.permissions',
          'o.created_at',
          'o.updated_at',
        ])
        .where('o.seller_id', '=', sellerId)
        .orderBy('o.created_at')
        .orderBy('o.operator_user_id')
        .execute();
      return rows.map((r) => ({
        sellerId: Number(r.seller_id),
        operatorUserId: Number(r.operator_user_id),
        nickname: r.nickname,
        permissions: parsePermissions(r.permissions),
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
      }));
    },

    async find(sellerId: number, operatorUserId: number): Promise<OperatorRecord | null> {
      const all = await this.list(sellerId);
      return all.find((o) => o.operatorUserId === operatorUserId) ?? null;
    },

    /**
     * Adds the operator; false (nothing changed) when it is already on the team. One statement that leaves an
     * existing row alone, so two adds racing on PostgreSQL meet the key, not a check made before either wrote: the
     * second waits for the first and changes nothing.
     */
    async add(
      sellerId: number,
      operatorUserId: number,
      permissions: readonly OperatorPermission[],
      now: number,
    ): Promise<boolean> {
      const result = await db
        .insertInto('account_operators')
        .values({
          seller_id: sellerId,
          operator_user_id: operatorUserId,
          permissions: formatPermissions(permissions),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['seller_id', 'operator_user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Replaces the permissions; false when the operator is not on the team. */
    async update(
      sellerId: number,
      operatorUserId: number,
      permissions: readonly OperatorPermission[],
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('account_operators')
        .set({ permissions: formatPermissions(permissions), updated_at: now })
        .where('seller_id', '=', sellerId)
        .where('operator_user_id', '=', operatorUserId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the operator; false when it was not on the team. */
    async remove(sellerId: number, operatorUserId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('account_operators')
        .where('seller_id', '=', sellerId)
        .where('operator_user_id', '=', operatorUserId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The accounts a user operates, with its rights on each, by nickname. */
    async operatedBy(operatorUserId: number) {
      const rows = await db
        .selectFrom('account_operators as o')
        .innerJoin('users as u', 'u.id', 'o.seller_id')
        .select(['o.seller_id', 'u.nickname', 'u.site_id', 'o.permissions'])
        .where('o.operator_user_id', '=', operatorUserId)
        .orderBy('u.nickname')
        .execute();
      return rows.map((r) => ({
        sellerId: Number(r.seller_id),
        nickname: r.nickname,
        siteId: r.site_id,
        permissions: parsePermissions(r.permissions),
      }));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
