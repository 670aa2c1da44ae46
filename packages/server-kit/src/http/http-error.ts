/** The error body of both servers and of the platform: `{message, error, status, cause}`. */
export interface ErrorBody {
  message: string;
  error: string;
  status: number;
  cause: unknown[];
}

/**
 * A failure answered with an error body. Each server names its own codes (the marketplace's `ApiError` extends
 * this with the spec's table); the renderer needs only the body, the status and any headers.
 */
export class HttpError extends Error {
  readonly code: string;
  readonly status: number;
  readonly causes: unknown[];
  readonly headers: Record<string, string>;

  constructor(body: Omit<ErrorBody, 'cause'> & { cause?: unknown[] }, headers: Record<string, string> = {}) {
    super(body.message);
    this.code = body.error;
    this.status = body.status;
    this.causes = body.cause ?? [];
    this.headers = headers;
  }

  body(): ErrorBody {
    return { message: this.message, error: this.code, status: this.status, cause: this.causes };
  }
}
