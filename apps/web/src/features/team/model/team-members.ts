import { OPERATOR_PERMISSIONS, type OperatorAddRequest, type OperatorPermission } from '@mostrador/contracts';

/** A member's permissions with one turned on or off, always in the contract's order. */
export function togglePermission(
  permissions: readonly OperatorPermission[],
  permission: OperatorPermission,
  on: boolean,
): OperatorPermission[] {
  return on
    ? OPERATOR_PERMISSIONS.filter((p) => p === permission || permissions.includes(p))
    : permissions.filter((p) => p !== permission);
}

/** Who to add, as typed: digits are a user id, anything else a nickname; nothing typed is nobody. */
export function operatorAddRequest(
  who: string,
  permissions: OperatorPermission[],
): OperatorAddRequest | null {
  const text = who.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? { user_id: Number(text), permissions } : { nickname: text, permissions };
}
