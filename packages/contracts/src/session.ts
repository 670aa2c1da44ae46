import { z } from 'zod';
import { numericIdSchema } from './common.ts';
import { languageSchema } from './languages.ts';
import { operatedAccountSchema } from './team.ts';

/** A marketplace account signed in to the BFF session. Never a token: those stay on the server. */
export const sessionAccountSchema = z.strictObject({
  user_id: z.number().int().positive(),
  nickname: z.string(),
  site_id: z.string().nullable(),
  /** The account `/api` calls act as. */
  active: z.boolean(),
});
export type SessionAccount = z.infer<typeof sessionAccountSchema>;

/** `GET /bff/session`: the active account (null when nobody is signed in) and every account of the session. */
export const sessionSchema = z.strictObject({
  user: sessionAccountSchema.omit({ active: true }).nullable(),
  accounts: z.array(sessionAccountSchema),
  /** Signed in: the seller accounts the active account operates (docs/decisions/0103-acting-for-a-seller.md). */
  operated_accounts: z.array(operatedAccountSchema).optional(),
  /** Signed in: the operated account the dashboard works on, or null when it works on the user's own. */
  acting_for: operatedAccountSchema.nullable().optional(),
  /**
   * Signed in: the seller the dashboard was working on when the user left its team
   * (docs/decisions/0256-a-membership-that-ended.md). Until the dashboard has read it here, the BFF refuses the
   * account's records with 403 rather than serve the user's own in their place.
   */
  ended_membership: z.strictObject({ seller_id: numericIdSchema }).optional(),
  /**
   * The language the dashboard speaks to this browser: the explicit choice, else the account's site, else the
   * browser's Accept-Language, else English (docs/decisions/0170-languages.md).
   */
  language: languageSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `GET /bff/accounts`: the account switcher's list. */
export const sessionAccountListSchema = z.strictObject({ accounts: z.array(sessionAccountSchema) });

/** `POST /bff/session/account`: work on an operated seller account, or (null) on the user's own. */
export const actingAccountRequestSchema = z.strictObject({
  seller_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
});

/** `POST /bff/session`: sign in with a token an integrator already holds. */
export const tokenSignInRequestSchema = z.strictObject({ access_token: z.string().min(1).max(200) });

/** Why a sign-in came back to `/sign-in?error=…`; the SPA words each one. */
export const SIGN_IN_ERRORS = [
  'access_denied',
  'invalid_state',
  'expired',
  'exchange_failed',
  'server_error',
  'invalid_return_to',
] as const;
export const signInErrorSchema = z.enum(SIGN_IN_ERRORS);
export type SignInError = z.infer<typeof signInErrorSchema>;

/** `POST /bff/logout` answers 204 with no body. */
export const logoutResponseSchema = z.undefined();
