import type { OperatorPermission, Session } from '@mostrador/contracts';

/** The seller account the dashboard works on: the signed-in user's own, or one it operates as a team member. */
export interface WorkingAccount {
  user_id: number;
  nickname: string;
  site_id: string | null;
  /** The team member's permissions on that account; null on the user's own account, where everything is allowed. */
  permissions: readonly OperatorPermission[] | null;
  /**
   * The signed-in user, whose access every call uses (the block search's `caller.id`): the account itself, or the
   * team member working on it. Its own account is what the Account and Notifications pages show.
   */
  callerId: number;
}

export function workingAccount(session: Session | undefined): WorkingAccount | null {
  if (!session?.user) return null;
  if (session.acting_for) return { ...session.acting_for, callerId: session.user.user_id };
  return { ...session.user, permissions: null, callerId: session.user.user_id };
}

/** Whether the account may be used for `permission`: always on the user's own account. */
export const can = (account: WorkingAccount | null, permission: OperatorPermission): boolean =>
  account !== null && (account.permissions === null || account.permissions.includes(permission));
