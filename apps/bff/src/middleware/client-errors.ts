import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerType } from '@hono/node-server';
import { type ErrorCode, errorBody } from '@mostrador/contracts';

const ANSWERS: Record<string, [status: number, code: ErrorCode, reason: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request_header_fields_too_large', 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'Request Timeout'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'payload_too_large', 'Payload Too Large'],
};

/**
 * Requests Node's HTTP parser refuses before any route sees them (a request line or headers over 16 KB, a malformed
 * request, one that arrives too slowly) get the error body every other refusal has, instead of Node's empty one.
 * A connection already partway through an answer (a keep-alive client's next request failed to parse while the
 * previous one was being sent) is closed instead: bytes written now would land inside that answer.
 */
export function answerClientErrors(server: ServerType): void {
  // The last answer begun on each connection, as Node hands it to the server's `request` listeners.
  const answers = new WeakMap<Duplex, ServerResponse>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    answers.set(request.socket, response);
  });
  // An HTTP/1.1 server is what `serve` makes here; its parser refuses these before any route.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = answers.get(socket);
    const midAnswer = answering?.headersSent && !answering.writableFinished;
    if (error.code === 'ECONNRESET' || !socket.writable || midAnswer) {
      socket.destroy();
      return;
    }
    const [status, code, reason] = ANSWERS[error.code ?? ''] ?? [400, 'bad_request', 'Bad Request'];
    const body = JSON.stringify(errorBody(code));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  });
}
