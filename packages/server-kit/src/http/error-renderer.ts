import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type ErrorBody, HttpError } from './http-error.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** An error body as the answer, with the error's own headers (e.g. `Retry-After`). */
export function renderError(c: Context, error: HttpError): Response {
  return c.body(JSON.stringify(error.body()), error.status as 400, { ...JSON_TYPE, ...error.headers });
}

export interface ErrorRendererOptions {
  /** The body of an answer to an error nobody expected (500). */
  internalError: ErrorBody;
  /**
   * What Hono's own exceptions (body limits, timeouts) answer: their own response by default, or an error body
   * the server makes of them; `undefined` treats one as unexpected.
   */
  httpException?: (error: HTTPException) => HttpError | Response | undefined;
  /** Called with each unexpected error before the 500 goes out; never with request data. */
  onUnexpected?: (error: unknown, c: Context) => void;
}

/** The `onError` of a server: every failure answers `{message, error, status, cause}`. */
export function errorRenderer(options: ErrorRendererOptions): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return renderError(c, error);
    if (error instanceof HTTPException) {
      const answer = options.httpException ? options.httpException(error) : error.getResponse();
      if (answer instanceof HttpError) return renderError(c, answer);
      if (answer) return answer;
    }
    options.onUnexpected?.(error, c);
    return renderError(c, new HttpError(options.internalError));
  };
}
