import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createOutboxRepository } from './outbox-repository.ts';

export type CallbackCheck = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Addresses a marketplace must not call on an integrator's behalf: its own host and private networks. */
function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopback(host) || bare === '::1' || bare === '::' || bare === '0.0.0.0') return true;
  if (isIP(bare) === 4) {
    const [a, b] = bare.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(bare) === 6) return /^(fc|fd|fe8|fe9|fea|feb)/.test(bare) || bare.startsWith('::ffff:');
  return false;
}

/**
 * Spec 5.5: callback URLs use HTTPS. In local use (the demo's BFF on the same machine) plain HTTP is allowed to a
 * loopback address only. Credentials in the URL, fragments and private addresses are refused.
 */
export function checkCallbackUrl(raw: string, options: { localUse: boolean }): CallbackCheck {
  if (raw.length > 2048) return { ok: false, reason: 'callback URL longer than 2048 characters' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'callback URL is not an absolute URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'callback URL must not carry credentials' };
  if (url.hash) return { ok: false, reason: 'callback URL must not carry a fragment' };
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:') {
    if (options.localUse && isLoopback(host)) return { ok: true, url: url.href };
    return {
      ok: false,
      reason: 'callback URL must use https (http only to a loopback address in local use)',
    };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'callback URL must use https' };
  if (!options.localUse && isPrivateAddress(host)) {
    return { ok: false, reason: 'callback URL must not point at a private or loopback address' };
  }
  return { ok: true, url: url.href };
}

/**
 * Points an application's notifications at `url` (or nowhere, with null), after checking it. The seed calls this for
 * the demo application with the BFF's own `/bff/notifications`; an operator may call it later.
 */
export async function setApplicationCallback(
  store: { db: Kysely<Database> },
  applicationId: number,
  url: string | null,
  options: { localUse: boolean },
): Promise<void> {
  let checked: string | null = null;
  if (url !== null) {
    const check = checkCallbackUrl(url, options);
    if (!check.ok) throw new Error(check.reason);
    checked = check.url;
  }
  if (!(await createOutboxRepository(store.db).setCallbackUrl(applicationId, checked))) {
    throw new Error(`no application ${applicationId}`);
  }
}
