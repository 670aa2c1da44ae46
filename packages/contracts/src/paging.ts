import { z } from 'zod';

export const pagingSchema = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});

export type Paging = z.infer<typeof pagingSchema>;
