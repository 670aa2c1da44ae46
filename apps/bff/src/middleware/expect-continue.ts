import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerType } from '@hono/node-server';

/**
 * `Expect: 100-continue` asks whether the body is welcome before sending it. Node says yes to everyone; this says it
 * only to a declared length within the body limit, and lets the app answer the others (413, closing the
 * connection) without inviting the body first.
 */
export function answerExpectContinue(server: ServerType, maxBytes: number): void {
  // An HTTP/1.1 server is what `serve` makes here; an HTTP/2 one has no `100 Continue` to hold back.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (!(declared > maxBytes)) response.writeContinue();
    server.emit('request', request, response);
  });
}
