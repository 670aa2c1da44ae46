/**
 * Whether a path is `/api` or under it: the marketplace's, reached through the BFF (as Hono matches `/api/*`). The
 * BFF answers these with its steps and the marketplace alone (decision 0208).
 */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Whether a path is `/api`, `/bff` or under them: per-user answers, never the SPA's files. */
export const isApiOrBffPath = (path: string) =>
  isApiPath(path) || path === '/bff' || path.startsWith('/bff/');
