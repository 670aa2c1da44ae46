import { type ErrorCode, errorCodes } from '@mostrador/contracts';
import { HttpError } from '@mostrador/server-kit/http';

/** A failure with the spec's machine code; `onError` renders it as `{message, error, status, cause}`. */
export class ApiError extends HttpError {
  declare readonly code: ErrorCode;

  constructor(
    code: ErrorCode,
    options: { message?: string; cause?: unknown[]; status?: number; headers?: Record<string, string> } = {},
  ) {
    const known = errorCodes[code];
    super(
      {
        error: code,
        status: options.status ?? known.status,
        message: options.message ?? known.message,
        cause: options.cause ?? [],
      },
      options.headers ?? {},
    );
  }
}

/** 400 with the offending inputs in `cause`, one `{code, message}` per problem. */
export function badRequest(message: string, cause: { code: string; message: string }[] = []): ApiError {
  return new ApiError('bad_request', { message, cause });
}
