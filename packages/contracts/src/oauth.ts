import { z } from 'zod';

/** Scopes the platform grants (its error reference lists "offline_access", "write", "read"). */
export const OAUTH_SCOPES = ['offline_access', 'read', 'write'] as const;

/** Access tokens live six hours (the platform's figure); the answer says so in seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 21_600;

/**
 * `POST /oauth/token` success. The platform writes `token_type` as "bearer" and RFC 6749 makes it case-insensitive;
 * this implementation answers "Bearer". `refresh_token` comes with the `offline_access` scope.
 */
export const oauthTokenResponseSchema = z.strictObject({
  access_token: z.string().min(1),
  // Case-insensitive (RFC 6749 7.1), spelled out so the JSON Schema of the OpenAPI document says the same.
  token_type: z.string().regex(/^[Bb][Ee][Aa][Rr][Ee][Rr]$/),
  expires_in: z.number().int().positive(),
  scope: z.string(),
  user_id: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/**
 * The OAuth error body: `error_description` instead of `message` (recorded platform answer,
 * fixtures errors/ralvarezdev-mercadolibre-go-sdk-9.json).
 */
export const oauthErrorSchema = z.strictObject({
  error_description: z.string(),
  error: z.string(),
  status: z.number().int().min(400).max(599),
  cause: z.array(z.unknown()),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorSchema>;

/** Errors `/authorization` sends back to the redirect URI (RFC 6749 4.1.2.1). */
export const AUTHORIZATION_ERROR_CODES = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
] as const;
