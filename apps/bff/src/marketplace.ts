/**
 * How the BFF reaches the marketplace: the embedded API app in this process, or a forwarder to a remote platform
 * (`proxy/remote-marketplace.ts`). Both answer web-standard requests.
 */
export interface FetchApp {
  // Method syntax on purpose: it accepts apps typed with their own Env (e.g. `Hono<ApiEnv>`).
  fetch(request: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response>;
}
