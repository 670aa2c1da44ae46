import type { Store } from '../db/store.ts';
import { createOAuthRepository } from '../oauth/oauth-repository.ts';
import { createAccountRepository } from '../users/account-repository.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Redirect URIs are absolute, without a fragment, and HTTPS unless they point at the loopback (RFC 8252 7.3). */
export function isAcceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (value.includes('#') || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

export interface OAuthClientConfiguration {
  applicationId: number;
  /** The client secret in clear; only its SHA-256 is stored. At least 32 characters. */
  clientSecret: string;
  /** Registered beside those already there (instances on other ports or origins keep theirs); `/authorization` accepts exact matches only. */
  redirectUris: string[];
}

/**
 * Registers an application as an OAuth client of this marketplace: what the platform's developer console does.
 * The BFF calls it at start-up for the demo application in local use (decision 0033).
 */
export async function configureOAuthClient(store: Store, config: OAuthClientConfiguration): Promise<void> {
  if (config.clientSecret.length < 32) throw new Error('a client secret must have at least 32 characters');
  const bad = config.redirectUris.filter((uri) => !isAcceptableRedirectUri(uri));
  if (bad.length > 0)
    throw new Error(`redirect URIs must be https (or http on the loopback): ${bad.join(', ')}`);
  const known = await createOAuthRepository(store.db).configureClient(
    config.applicationId,
    config.clientSecret,
    config.redirectUris,
  );
  if (!known) throw new Error(`application ${config.applicationId} does not exist`);
}

/** The user who owns an application (its developer), or null when there is no such application or owner. */
export async function applicationOwner(
  store: Pick<Store, 'db'>,
  applicationId: number,
): Promise<number | null> {
  return (await createAccountRepository(store.db).application(applicationId))?.ownerUserId ?? null;
}
