import type { Context } from 'hono';
import { badRequest } from './api-error.ts';

/**
 * Whether the request asks for the new format (spec 9: `x-format-new: true`). Absent or `false` is the legacy
 * format; any other value (`True`, `1`, `yes`) is refused rather than read as legacy (decision 0135).
 */
export function wantsNewFormat(c: Context): boolean {
  const value = c.req.header('x-format-new');
  if (value === 'true') return true;
  if (value === undefined || value === 'false') return false;
  throw badRequest('x-format-new must be true or false', [
    { code: 'invalid_header', message: `x-format-new: ${value.slice(0, 20)} is neither true nor false` },
  ]);
}
