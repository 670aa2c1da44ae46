import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Cookie names and flags for an origin: `__Host-` and `Secure` over HTTPS, and on the loopback (a secure context). */
export function cookiePolicy(origin: string) {
  const url = new URL(origin);
  const secure = url.protocol === 'https:' || LOOPBACK.has(url.hostname);
  const prefix = secure ? '__Host-' : '';
  return { secure, session: `${prefix}mostrador_session`, login: `${prefix}mostrador_login` };
}

/**
 * The origin browsers use for this request: one of the configured public origins (the one the request came in
 * on, if it is one of them), so redirect URIs and cookie flags never follow an arbitrary Host header.
 */
export function publicOrigin(c: Context, configured: readonly string[]): string {
  const own = new URL(c.req.url).origin;
  if (configured.length === 0) return own;
  return configured.includes(own) ? own : configured[0]!;
}

export function readSessionCookie(c: Context, origin: string): string | undefined {
  return getCookie(c, cookiePolicy(origin).session);
}

/** The one session cookie: HttpOnly, SameSite=Strict, Path=/, no Domain, no expiry (ends with the browser). */
export function writeSessionCookie(c: Context, origin: string, value: string): void {
  const policy = cookiePolicy(origin);
  setCookie(c, policy.session, value, {
    path: '/',
    httpOnly: true,
    secure: policy.secure,
    sameSite: 'Strict',
  });
}

export function clearSessionCookie(c: Context, origin: string): void {
  const policy = cookiePolicy(origin);
  deleteCookie(c, policy.session, { path: '/', httpOnly: true, secure: policy.secure, sameSite: 'Strict' });
}

/**
 * Binds a sign-in to the browser that started it, for ten minutes. Lax, because the platform's redirect back may
 * be a cross-site navigation, which would not carry a Strict cookie (decision 0034).
 */
export function writeLoginCookie(c: Context, origin: string, value: string, maxAgeSeconds: number): void {
  const policy = cookiePolicy(origin);
  setCookie(c, policy.login, value, {
    path: '/',
    httpOnly: true,
    secure: policy.secure,
    sameSite: 'Lax',
    maxAge: maxAgeSeconds,
  });
}

export function takeLoginCookie(c: Context, origin: string): string | undefined {
  const policy = cookiePolicy(origin);
  const value = getCookie(c, policy.login);
  deleteCookie(c, policy.login, { path: '/', httpOnly: true, secure: policy.secure, sameSite: 'Lax' });
  return value;
}
