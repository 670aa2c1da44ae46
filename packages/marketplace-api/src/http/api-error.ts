import { type ErrorCode, errorCodes } from '@mostrador/contracts';

/** A failure with the spec's machine code; `onError` renders it as `{message, error, status, cause}`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly causes: unknown[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { message?: string; cause?: unknown[]; status?: number; headers?: Record<string, string> } = {},
  ) {
    const known = errorCodes[code];
    super(options.message ?? known.message);
    this.code = code;
    this.status = options.status ?? known.status;
    this.causes = options.cause ?? [];
    this.headers = options.headers ?? {};
  }

  body() {
    return { message: this.message, error: this.code, status: this.status, cause: this.causes };
  }
}

/** 400 with the offending inputs in `cause`, one `{code, message}` per problem. */
export function badRequest(message: string, cause: { code: string; message: string }[] = []): ApiError {
  return new ApiError('bad_request', { message, cause });
}
