import { z } from 'zod';

export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  status: z.number().int().min(100).max(599),
  cause: z.array(z.unknown()),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

type ErrorDefinition = { readonly message: string; readonly status: number };

// Messages are the spec 7.2 table verbatim; statuses are our choice (the spec does not show them).
export const orderErrorCodes = {
  order_not_found: { message: 'Order not found.', status: 404 },
  empty_order_id: { message: 'Order ID can not be empty.', status: 400 },
  invalid_order_id: { message: 'Invalid order ID.', status: 400 },
  not_identified_user: { message: 'Can not identify the user.', status: 401 },
  not_owned_order: { message: 'The user has not access to the order.', status: 403 },
  'caller.id.invalid': { message: 'caller.id does not match buyer nor seller.', status: 403 },
  feedback_not_found: { message: 'The feedback does not exist.', status: 404 },
  invalid_fulfilled: { message: 'fulfilled parameter must be true or false.', status: 400 },
  reply_time_expired: {
    message: 'Reply time expired. There is a 14 days period to reply a feedback.',
    status: 400,
  },
  reply_already_exists: { message: 'Reply already exists for the feedback.', status: 409 },
} as const satisfies Record<string, ErrorDefinition>;

export const apiErrorCodes = {
  bad_request: { message: 'Bad request', status: 400 },
  invalid_token: { message: 'Invalid token', status: 401 },
  forbidden: { message: 'Forbidden', status: 403 },
  not_found: { message: 'Not found', status: 404 },
  method_not_allowed: { message: 'Method not allowed', status: 405 },
  conflict: { message: 'Conflict', status: 409 },
  // A second feedback for the same side of an order (the platform answers 400; a conflict is what it is).
  feedback_already_exists: { message: 'Feedback already exists for the order.', status: 409 },
  // The order life cycle (docs/decisions/0040-order-life-cycle.md).
  invalid_order_status: { message: 'The order status does not allow this operation.', status: 409 },
  out_of_stock: { message: 'Not enough stock of the item.', status: 409 },
  blocked_buyer: { message: 'The seller does not accept orders from this buyer.', status: 403 },
  payment_not_found: { message: 'Payment not found.', status: 404 },
  // An operator's token used without the permission the resource needs (docs/decisions/0100-team-access.md).
  operator_permission_denied: { message: 'The operator lacks the permission this needs.', status: 403 },
  request_timeout: { message: 'The request took too long to arrive.', status: 408 },
  payload_too_large: { message: 'Payload too large', status: 413 },
  request_header_fields_too_large: {
    message: 'The request line or headers are too large (at most 16 KB).',
    status: 431,
  },
  unsupported_media_type: { message: 'Unsupported media type', status: 415 },
  too_many_requests: { message: 'Too many requests', status: 429 },
  // The BFF's own answers (docs/decisions/0034-bff-session.md, 0036-bff-limits.md).
  session_expired: { message: 'The session ended; sign in again.', status: 401 },
  gateway_timeout: { message: 'The request took too long.', status: 504 },
  internal_error: { message: 'Internal server error', status: 500 },
  service_unavailable: { message: 'Service unavailable', status: 503 },
} as const satisfies Record<string, ErrorDefinition>;

export const errorCodes = { ...orderErrorCodes, ...apiErrorCodes } as const;

export type OrderErrorCode = keyof typeof orderErrorCodes;
export type ApiErrorCode = keyof typeof apiErrorCodes;
export type ErrorCode = OrderErrorCode | ApiErrorCode;

export const ERROR_CODES = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

// For clients that switch on `error`: known codes narrow, anything else the platform sends stays a string.
export const errorCodeSchema = z.enum(ERROR_CODES);

export function errorBody(
  code: ErrorCode,
  overrides: { message?: string; status?: number; cause?: unknown[] } = {},
): ErrorBody {
  const definition: ErrorDefinition = errorCodes[code];
  return {
    message: overrides.message ?? definition.message,
    error: code,
    status: overrides.status ?? definition.status,
    cause: overrides.cause ?? [],
  };
}
