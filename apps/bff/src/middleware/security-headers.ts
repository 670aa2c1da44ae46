import { prepareHeaders, responseHeaders, setHeaders } from '@mostrador/server-kit/http';
import { isApiOrBffPath } from '../paths.ts';
import type { Step } from './steps.ts';

/**
 * No inline scripts or styles anywhere: the SPA ships only hashed files from 'self', and the theme is set by a
 * same-origin script, so the policy can stay strict. The one exception is named by its hash: the small stylesheet
 * React Aria's pressable controls add once (`touch-action` for taps, docs/decisions/0224); a new version of the
 * library that changes it shows as a CSP violation in the browser journeys.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year: browsers that saw the site over HTTPS keep to HTTPS (no subdomains, no preload list: not ours to decide). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The headers every response gets, whatever it is, worked out once. */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  // Not `no-referrer`: under it browsers send `Origin: null` even on same-origin writes, which the CSRF check must
  // refuse. `same-origin` still sends nothing to other origins.
  ['Referrer-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/**
 * Sets the security headers on every response, whoever produced it (BFF, marketplace or static files). `https`: the
 * public origin is HTTPS (`PUBLIC_ORIGIN`), so browsers are told to keep to it, also when TLS ends at a proxy.
 */
export const securityHeaders = (options: { https?: boolean } = {}): Step => {
  const set = prepareHeaders(
    options.https
      ? [['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY], ...SECURITY_HEADERS]
      : SECURITY_HEADERS,
  );
  return {
    leave(c) {
      const headers = responseHeaders(c.res);
      setHeaders(headers, set);
      // Every JSON answer names its charset, the BFF's own as the marketplace's.
      if (headers.get('Content-Type') === 'application/json') {
        headers.set('Content-Type', 'application/json; charset=UTF-8');
      }
    },
  };
};

const PUBLIC = /(^|,)\s*public\s*(,|$)/i;

/**
 * API and session responses (`/api`, `/bff`) are per-user data: never store them in any cache. The one exception is
 * what the marketplace itself marks `public` (reference data the same for everybody, such as the classified
 * locations: decision 0020), which keeps its policy.
 */
export const noStore = (): Step => ({
  leave(c) {
    if (!isApiOrBffPath(c.req.path)) return;
    const headers = responseHeaders(c.res);
    if (PUBLIC.test(headers.get('Cache-Control') ?? '')) return;
    headers.set('Cache-Control', 'no-store');
  },
});
