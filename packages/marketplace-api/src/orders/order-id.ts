import { ApiError } from '../http/api-error.ts';

/** An order id in a path (spec 7.2): `empty_order_id` for a null one, `invalid_order_id` for a non-integer. */
export function parseOrderId(raw: string): number {
  if (raw === '' || raw === 'null' || raw === 'undefined') {
    throw new ApiError('empty_order_id');
  }
  const id = Number(raw);
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(id)) throw new ApiError('invalid_order_id');
  return id;
}
