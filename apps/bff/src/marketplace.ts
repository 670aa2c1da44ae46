/**
 * How the BFF reaches the marketplace: the embedded API app in this process, or a forwarder to a remote platform
 * (`proxy/remote-marketplace.ts`). Both answer web-standard requests.
 */
export interface FetchApp {
  // Method syntax on purpose: it accepts apps typed with their own Env (e.g. `Hono<ApiEnv>`).
  fetch(request: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response>;
  /**
   * The marketplace's handlers run in this process (the embedded API): `/api` requests are handed to them as they
   * came, seen through the BFF's filter, and their answers go out as they are (decision 0150). Absent for a remote
   * platform, which gets a copy of each request with the request's time limit.
   */
  readonly inProcess?: boolean;
}
