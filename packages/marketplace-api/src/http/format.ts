import type { Context } from 'hono';
import { badRequest } from './api-error.ts';

/**
 * Whether the request asks for the new format (spec 9: `x-format-new: true`), the value read without regard to case
 * (`True`, `TRUE`; decision 0275). Absent or `false` is the legacy format; any other value (`1`, `yes`) is refused
 * rather than read as legacy (decision 0135).
 */
export function wantsNewFormat(c: Context): boolean {
  const value = c.req.header('x-format-new');
  if (value === undefined) return false;
  const word = value.length === 4 || value.length === 5 ? value.toLowerCase() : value;
  if (word === 'true') return true;
  if (word === 'false') return false;
  throw badRequest('x-format-new must be true or false', [
    { code: 'invalid_header', message: `x-format-new: ${value.slice(0, 20)} is neither true nor false` },
  ]);
}
