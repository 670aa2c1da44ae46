/**
 * How the BFF reaches the marketplace: the embedded API app in this process, built to answer under `/api`
 * (`createMarketplaceApi({ basePath: '/api' })`), or a client of a remote platform that takes `/api/…` to the
 * platform's own root (`proxy/remote-marketplace.ts`). Both answer web-standard requests, at the paths the browser
 * uses.
 */
export interface FetchApp {
  // Method syntax on purpose: it accepts apps typed with their own Env (e.g. `Hono<ApiEnv>`).
  fetch(request: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response>;
}

/** Where the marketplace's API is, on the BFF's origin and in the app that serves it. */
export const API_BASE_PATH = '/api';

/** A request of the BFF's own to the marketplace (sign-in, order notes, locations, notifications): `path` under `/api`. */
export function apiRequest(path: string, init?: RequestInit): Request {
  return new Request(`http://marketplace.internal${API_BASE_PATH}${path}`, init);
}
