import { errorBody } from '@mostrador/contracts';
import type { Context } from 'hono';
import type { z } from 'zod';

/** A body or query the contract refused: 400, the first issue as the message, every issue named by its path. */
export const invalidInput = (c: Context, error: z.ZodError) =>
  c.json(
    errorBody('bad_request', {
      message: error.issues[0]?.message ?? 'invalid request',
      cause: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    }),
    400,
  );
