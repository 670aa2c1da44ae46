import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * No inline scripts or styles anywhere: the SPA ships only hashed files from 'self', and the theme is set by a
 * same-origin script, so the policy can stay strict. The one exception is named by its hash: the small stylesheet
 * React Aria's pressable controls add once (`touch-action` for taps, docs/decisions/0224); a new version of the
 * library that changes it shows as a CSP violation in the browser journeys.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** A year: browsers that saw the site over HTTPS keep to HTTPS (no subdomains, no preload list: not ours to decide). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const JSON_TYPE = 'application/json';
const JSON_WITH_CHARSET = 'application/json; charset=UTF-8';

/**
 * Sets the security headers on every response, whoever produced it (BFF, marketplace or static files), refusals and
 * errors included, with Hono's `secureHeaders`: the policy above, no framing, no sniffing, no referrer to other
 * origins, no camera, microphone, location or payment. `https`: the public origin is HTTPS (`PUBLIC_ORIGIN`), so
 * browsers are told to keep to it, also when TLS ends at a proxy. Every JSON answer names its charset, the BFF's own
 * as the marketplace's.
 */
export function securityHeaders(options: { https?: boolean } = {}): MiddlewareHandler {
  const secure = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    strictTransportSecurity: options.https ? STRICT_TRANSPORT_SECURITY : false,
    xContentTypeOptions: true,
    // Not `no-referrer`: under it browsers send `Origin: null` even on same-origin writes, which the CSRF check must
    // refuse. `same-origin` still sends nothing to other origins.
    referrerPolicy: 'same-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    // Headers for browsers long gone, or that this site has no use for: not sent.
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    removePoweredBy: false,
  });
  return async (c, next) => {
    await secure(c, next);
    if (c.res.headers.get('Content-Type') === JSON_TYPE) c.res.headers.set('Content-Type', JSON_WITH_CHARSET);
  };
}
