import { errorBody, type OperatorPermission } from '@mostrador/contracts';
import type { Context } from 'hono';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from './sessions.ts';

/** Who wrote a record the BFF keeps for an account: the signed-in user, by id and nickname. */
export interface Actor {
  user_id: number;
  nickname: string;
}

/**
 * Who writes (the signed-in account: never a request that brings its own token) and whose records they are: the
 * seller the session acts for (decision 0103), else the signed-in account's own. `allowed` is false when an operator
 * acts for a seller without `permission`; `ended` names the seller whose team the user left while the session worked
 * on its account, before the dashboard was told (decision 0256). Null when nobody is signed in.
 */
export async function accountActor(
  c: Context<SessionEnv>,
  sessions: Sessions,
  permission: OperatorPermission,
): Promise<{ author: Actor; accountId: number; allowed: boolean; ended?: { seller_id: number } } | null> {
  const session = await c.var.session();
  if (!session) return null;
  const view = await sessions.view(session);
  if (!view.user) return null;
  const author = { user_id: view.user.user_id, nickname: view.user.nickname };
  if (view.ended_membership) {
    return {
      author,
      accountId: view.ended_membership.seller_id,
      allowed: false,
      ended: view.ended_membership,
    };
  }
  const acting = view.acting_for;
  if (!acting) return { author, accountId: author.user_id, allowed: true };
  return { author, accountId: Number(acting.user_id), allowed: acting.permissions.includes(permission) };
}

/** 403 for a session whose user left the team of the seller it was working for (decision 0256). */
export const membershipEnded = (c: Context, ended: { seller_id: number }) =>
  c.json(
    errorBody('forbidden', {
      message: `You are no longer on the team of seller ${ended.seller_id}; reload to work on your own account.`,
      cause: [{ seller_id: ended.seller_id, reason: 'membership_ended' }],
    }),
    403,
  );
