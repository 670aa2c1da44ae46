import { API_PATHS, resourcePattern } from '@mostrador/marketplace-api';

/**
 * What the browser may reach through `/api` (decision 0035): every operation the marketplace documents, from the
 * same definitions as its routes, OPTIONS and OpenAPI document, so a documented operation is always reachable
 * (decision 0130). OPTIONS (the resource descriptions) is allowed on every path, HEAD wherever GET is.
 */
// A segment is one or more characters that are not `/`; percent-encoded slashes and dot segments are refused.
const SEGMENT = "[A-Za-z0-9_.~!$&'()*+,;=:@%-]+";
const TABLE = API_PATHS.map((p) => ({
  first: p.path.split('/')[1]!,
  methods: [...p.methods, ...(p.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'],
  re: resourcePattern(p, SEGMENT),
}));
// Every documented path starts with a literal segment: only the routes of a request's first segment can match it.
const BY_FIRST_SEGMENT = new Map<string, typeof TABLE>();
for (const route of TABLE)
  BY_FIRST_SEGMENT.set(route.first, [...(BY_FIRST_SEGMENT.get(route.first) ?? []), route]);

/** Paths of the authorization server: a session's token is never attached to them. */
export const AUTHORIZATION_SERVER_PATHS = new Set(
  API_PATHS.filter((p) => p.ownAuthentication).map((p) => p.path),
);

export type AllowlistVerdict = 'allowed' | 'method_not_allowed' | 'not_found';

/** The methods `path` (without the `/api` prefix) answers, as `Allow` lists them; null for no such path. */
export function allowedMethods(path: string): readonly string[] | null {
  if (/%2f|%5c|(^|\/)\.\.?(\/|$)/i.test(path)) return null;
  const end = path.indexOf('/', 1);
  const candidates = BY_FIRST_SEGMENT.get(path.slice(1, end < 0 ? undefined : end)) ?? [];
  // The first path that matches is the one the marketplace routes to (`/users/me` before `/users/{user_id}`).
  return candidates.find((r) => r.re.test(path))?.methods ?? null;
}

/** Whether `method path` (path without the `/api` prefix) may be forwarded. */
export function checkAllowlist(method: string, path: string): AllowlistVerdict {
  const allowed = allowedMethods(path);
  if (!allowed) return 'not_found';
  return allowed.includes(method.toUpperCase()) ? 'allowed' : 'method_not_allowed';
}
