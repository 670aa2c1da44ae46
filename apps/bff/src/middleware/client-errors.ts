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
 */
export function answerClientErrors(server: ServerType): void {
  // An HTTP/1.1 server is what `serve` makes here; its parser refuses these before any route.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
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
