import { badRequest } from './api-error.ts';

/** Rejects `limit`/`offset` that are not plain non-negative integers within bounds. */
export function parsePaging(
  query: Record<string, string | undefined>,
  defaults: { limit: number; maxLimit: number; maxOffset?: number },
): { offset: number; limit: number } {
  const read = (name: 'offset' | 'limit', fallback: number, min: number, max: number) => {
    const raw = query[name];
    if (raw === undefined) return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw badRequest(`${name}: expected an integer from ${min} to ${max}`, [
        {
          code: 'invalid_parameter',
          message: `${name}=${raw.slice(0, 20)}: expected an integer from ${min} to ${max}`,
        },
      ]);
    }
    return Number(raw);
  };
  return {
    offset: read('offset', 0, 0, defaults.maxOffset ?? 1_000_000),
    limit: read('limit', defaults.limit, 1, defaults.maxLimit),
  };
}
