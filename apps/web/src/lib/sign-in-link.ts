/**
 * Where signing in starts, carrying where the person was going: the BFF keeps it through the platform's sign-in page
 * and comes back to it (and refuses anything that is not a page of the dashboard). The sign-in page itself is not a
 * destination: from there, the dashboard's first page.
 */
export function signInHref(returnTo?: string | undefined): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith('/sign-in')) return '/bff/login';
  return `/bff/login?return_to=${encodeURIComponent(returnTo)}`;
}
