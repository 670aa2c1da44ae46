import type { OperatorPermission } from '@mostrador/contracts';
import type { Caller } from '../oauth/token-repository.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import { ApiError } from './api-error.ts';

/**
 * Who a request acts as: the account whose resources it touches (`userId`) and, when a team member's token made it,
 * that member (docs/decisions/0100-team-access.md). The access log records both.
 */
export interface Acting {
  userId: number;
  applicationId: number;
  /** The team member behind the request; null when the account's own token made it. */
  operatorUserId: number | null;
  /** Whether the account's counterparts' names and phones may be shown (always for the account's own token). */
  personalData: boolean;
}

export const asOwner = (caller: Caller): Acting => ({
  userId: caller.userId,
  applicationId: caller.applicationId,
  operatorUserId: null,
  personalData: true,
});

export function permissionDenied(permission: OperatorPermission): ApiError {
  return new ApiError('operator_permission_denied', {
    message: `The operator lacks the permission ${permission}.`,
    cause: [{ code: 'missing_permission', message: permission }],
  });
}

/**
 * The caller acting for `accountId` with `permission`. The account's own token passes without a query; another
 * user's token costs one lookup of its rights on that account (never cached, so a removal holds at once). A user
 * who is not on the account's team gets `notOnTeam()` (each resource keeps its own answer for strangers); a team
 * member without the permission gets 403 `operator_permission_denied` naming it.
 */
export async function actFor(
  deps: { operators: OperatorRepository },
  caller: Caller,
  accountId: number,
  permission: OperatorPermission,
  notOnTeam: () => ApiError,
): Promise<Acting> {
  if (caller.userId === accountId) return asOwner(caller);
  const rights = await deps.operators.rights(accountId, caller.userId);
  if (rights === null) throw notOnTeam();
  if (!rights.includes(permission)) throw permissionDenied(permission);
  return {
    userId: accountId,
    applicationId: caller.applicationId,
    operatorUserId: caller.userId,
    personalData: rights.includes('buyers.personal_data.read'),
  };
}

/** The caller as a party of the order itself, at no cost; null when the caller is neither its seller nor its buyer. */
export function asParty(caller: Caller, owners: { seller_id: number; buyer_id: number }): Acting | null {
  return caller.userId === Number(owners.seller_id) || caller.userId === Number(owners.buyer_id)
    ? asOwner(caller)
    : null;
}

/**
 * The caller acting on an order of `seller` and `buyer`: as that party itself, or as a team member of the seller
 * (first) or the buyer with `permission`. Strangers get `not_owned_order`.
 */
export async function actOnOrder(
  deps: { operators: OperatorRepository },
  caller: Caller,
  owners: { seller_id: number; buyer_id: number },
  permission: OperatorPermission,
): Promise<Acting> {
  const party = asParty(caller, owners);
  if (party) return party;
  const sellerId = Number(owners.seller_id);
  const buyerId = Number(owners.buyer_id);
  const notOwned = () => new ApiError('not_owned_order');
  try {
    return await actFor(deps, caller, sellerId, permission, notOwned);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'not_owned_order') throw error;
    return actFor(deps, caller, buyerId, permission, notOwned);
  }
}
