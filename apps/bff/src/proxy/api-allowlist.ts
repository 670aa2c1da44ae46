type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What the browser may reach through `/api` (decision 0035): each marketplace resource with the methods it
 * serves. OPTIONS (the resource descriptions) is allowed on every listed path. A resource the marketplace adds is
 * not reachable from the browser until it is listed here.
 */
const ROUTES: [Method[], string][] = [
  [['GET'], '/orders/search'],
  [['GET'], '/orders/{id}'],
  [['GET'], '/orders/{id}/product'],
  [['GET'], '/orders/{id}/discounts'],
  // The order life cycle (decision 0041): the platform refuses the operations a caller may not make.
  [['POST'], '/orders'],
  [['POST'], '/orders/{id}/payments'],
  [['POST'], '/orders/{id}/cancel'],
  [['POST'], '/orders/{id}/fraud_alert'],
  [['POST'], '/orders/{id}/invalidate'],
  // Notification history and reactivation (spec 6.6, decision 0043).
  [['GET'], '/myfeeds'],
  [['POST'], '/applications/{id}/notifications/reactivate'],
  [['GET', 'POST'], '/orders/{id}/feedback'],
  [['POST'], '/feedback/{id}/reply'],
  [['GET'], '/shipments/{id}'],
  // A delivery's next step (decision 0091): the seller's own deliveries, and in local use the platform's.
  [['POST'], '/shipments/{id}/delivery'],
  [['GET'], '/currencies'],
  [['GET'], '/currencies/{id}'],
  [['GET'], '/currency_conversions/search'],
  [['GET'], '/users/me'],
  [['GET', 'PUT'], '/users/{id}'],
  [['PUT'], '/users/{id}/immediate_payment'],
  [['DELETE'], '/users/{id}/immediate_payment/{reason}'],
  [['GET'], '/users/{id}/addresses'],
  // Seller teams and the personal-data access log (decisions 0100, 0102).
  [['GET'], '/users/me/operated_accounts'],
  [['GET', 'POST'], '/users/{id}/operators'],
  [['PUT', 'DELETE'], '/users/{id}/operators/{operator}'],
  [['GET'], '/users/{id}/personal_data_access_log'],
  [['GET', 'POST'], '/users/{id}/order_blacklist'],
  [['DELETE'], '/users/{id}/order_blacklist/{user}'],
  [['GET', 'POST'], '/users/{id}/questions_blacklist'],
  [['DELETE'], '/users/{id}/questions_blacklist/{user}'],
  [['GET'], '/block-api/search/users/{id}'],
  [['GET'], '/sites/{id}/search'],
  [['GET'], '/classified_locations/countries'],
  [['GET'], '/classified_locations/countries/{id}'],
  [['GET'], '/classified_locations/states/{id}'],
  [['GET'], '/classified_locations/cities/{id}'],
  [['GET'], '/classified_locations/neighborhoods/{id}'],
  [['GET'], '/reviews/item/{id}'],
  [['GET'], '/users/{id}/accepted_payment_methods'],
  [['GET'], '/applications/{id}'],
  [['DELETE'], '/users/{id}/applications/{app}'],
  [['GET'], '/users/{id}/brands'],
  [['GET', 'POST'], '/users/{id}/classifieds_promotion_packs'],
  [['GET'], '/users/{id}/classifieds_promotion_packs/{listing_type}'],
  [['GET'], '/users/{id}/available_listing_types'],
  [['GET'], '/users/{id}/available_listing_type/{id}'],
  [['GET'], '/openapi.json'],
  // The platform's authorization server: never sent with the session's token.
  [['GET', 'POST'], '/authorization'],
  [['GET'], '/authorization.css'],
  [['POST'], '/oauth/token'],
];

/** Paths of the authorization server: a session's token is never attached to them. */
export const AUTHORIZATION_SERVER_PATHS = new Set(['/authorization', '/oauth/token']);

// A segment is one or more characters that are not `/`; percent-encoded slashes and dot segments are refused.
const SEGMENT = "[A-Za-z0-9_.~!$&'()*+,;=:@%-]+";
const TABLE = ROUTES.map(([methods, path]) => ({
  first: path.split('/')[1]!,
  methods: new Set<string>([...methods, 'OPTIONS', ...(methods.includes('GET') ? ['HEAD'] : [])]),
  re: new RegExp(`^${path.replace(/\{[^}]+\}/g, SEGMENT)}$`),
}));
// Every listed path starts with a literal segment: only the routes of a request's first segment can match it.
const BY_FIRST_SEGMENT = new Map<string, typeof TABLE>();
for (const route of TABLE)
  BY_FIRST_SEGMENT.set(route.first, [...(BY_FIRST_SEGMENT.get(route.first) ?? []), route]);

export type AllowlistVerdict = 'allowed' | 'method_not_allowed' | 'not_found';

/** Whether `method path` (path without the `/api` prefix) may be forwarded. */
export function checkAllowlist(method: string, path: string): AllowlistVerdict {
  if (/%2f|%5c|(^|\/)\.\.?(\/|$)/i.test(path)) return 'not_found';
  const end = path.indexOf('/', 1);
  const candidates = BY_FIRST_SEGMENT.get(path.slice(1, end < 0 ? undefined : end)) ?? [];
  const known = candidates.filter((route) => route.re.test(path));
  if (known.length === 0) return 'not_found';
  return known.some((route) => route.methods.has(method.toUpperCase())) ? 'allowed' : 'method_not_allowed';
}
