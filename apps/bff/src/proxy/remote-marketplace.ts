import { errorBody } from '@mostrador/contracts';
import { Hono } from 'hono';
import { API_BASE_PATH } from '../marketplace.ts';

/** The platform's path of a path under `/api` (the API's own root). */
const platformPath = (path: string) =>
  path.startsWith(`${API_BASE_PATH}/`) ? path.slice(API_BASE_PATH.length) : path;

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length'];

export interface RemoteMarketplaceOptions {
  /** Longest a call may take: the BFF's request time limit (decision 0036). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * A stand-in for the embedded marketplace that forwards every request to a remote API at `baseUrl`
 * (e.g. `https://api.example.com`), keeping status, headers and body as the remote sent them. It answers under
 * `/api`, as the embedded one does: `/api/orders/1` is the platform's `/orders/1`.
 */
export function createRemoteMarketplace(baseUrl: string, options: RemoteMarketplaceOptions): Hono {
  const fetchImpl = options.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, '');
  const app = new Hono();
  app.all('*', async (c) => {
    const incoming = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const body = hasBody ? await c.req.arrayBuffer() : undefined;
    let upstream: Response;
    try {
      upstream = await fetchImpl(`${base}${platformPath(incoming.pathname)}${incoming.search}`, {
        method: c.req.method,
        headers,
        body,
        redirect: 'manual',
        // The BFF's request time limit reaches the remote call too.
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // The platform did not answer within the request's time limit: the same 504 the BFF's own limit gives, whichever
      // of the two timers, armed for the same moment, goes off first.
      if (error instanceof DOMException && error.name === 'TimeoutError')
        return c.json(errorBody('gateway_timeout'), 504, { 'Cache-Control': 'no-store' });
      throw error;
    }
    const responseHeaders = new Headers(upstream.headers);
    // fetch already decoded the body, so the upstream encoding and length no longer describe it.
    responseHeaders.delete('content-encoding');
    responseHeaders.delete('content-length');
    // A remote platform's cookies or CORS grants must never land on the BFF's origin.
    for (const name of [...responseHeaders.keys()]) {
      if (/^(set-cookie|access-control-)/i.test(name)) responseHeaders.delete(name);
    }
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
  });
  return app;
}
