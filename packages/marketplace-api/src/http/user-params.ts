import type { Context } from 'hono';
import type { Caller } from '../oauth/token-repository.ts';
import { ApiError, badRequest } from './api-error.ts';
import { requireCaller } from './env.ts';

/** An id in a path or query: a positive integer within JavaScript's exact range; `what` names what it identifies. */
function parseId(raw: string, name: string, what: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`${name} must be a positive integer`, [
      { code: `invalid_${name}`, message: `${name}=${raw.slice(0, 20)} is not ${what}` },
    ]);
  }
  return Number(raw);
}

/** A user id (`user_id`, `seller_id`, `operator_id`…). */
export const parseUserId = (raw: string, name = 'user_id') => parseId(raw, name, 'a user id');

/** An application id (`application_id`, `app_id`). */
export const parseApplicationId = (raw: string, name = 'application_id') =>
  parseId(raw, name, 'an application id');

/** Resources of an account answer only to that account's own token. */
export function requireSelf(caller: Caller | null, userId: number): Caller {
  const me = requireCaller(caller);
  if (me.userId !== userId) {
    throw new ApiError('forbidden', { message: 'only the account owner may use this resource' });
  }
  return me;
}

/** The private fields an answer will carry once `attributes` has reduced it: what the access log records. */
export function disclosedFields(c: Context, fields: readonly string[]): string[] {
  const attributes = c.req.query('attributes');
  if (attributes === undefined) return [...fields];
  const wanted = new Set(attributes.split(','));
  return fields.filter((f) => wanted.has(f));
}
