import type { Context } from 'hono';
import { badRequest } from './api-error.ts';
import type { PlatformOptions } from './env.ts';

/** The request header integrators send, in local use, to get a partial answer (decision 0137). */
export const SIMULATE_MISSING = 'x-simulate-content-missing';

/** What the header does, for OPTIONS and the OpenAPI document. */
export const simulateMissingHeader = (members: readonly string[]) => ({
  [SIMULATE_MISSING]:
    `Local use only (the embedded API of npm start; ignored elsewhere): comma-separated members of ${members.join(', ')} ` +
    'to answer as if they had failed to load: 206 with them empty and named in X-Content-Missing.',
});

/**
 * The members the request asks to answer as missing, in local use; none elsewhere (the header is ignored, as a
 * platform that does not know it would). Names outside `members` are refused.
 */
export function simulatedMissing<T extends string>(
  c: Context,
  deps: { platform: PlatformOptions },
  members: readonly T[],
): ReadonlySet<T> | undefined {
  if (!deps.platform.localUse) return undefined;
  const value = c.req.header(SIMULATE_MISSING);
  if (value === undefined) return undefined;
  const asked = value.split(',').map((m) => m.trim());
  const unknown = asked.filter((m) => !(members as readonly string[]).includes(m));
  if (unknown.length > 0 || asked.length === 0) {
    throw badRequest(`${SIMULATE_MISSING} takes members of ${members.join(', ')}`, [
      {
        code: 'invalid_header',
        message: `${SIMULATE_MISSING}: ${unknown.join(', ').slice(0, 60)} is not a member`,
      },
    ]);
  }
  return new Set(asked as T[]);
}
