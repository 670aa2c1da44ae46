import { z } from 'zod';
import { currencyIdSchema } from './common.ts';

export const currencySchema = z.object({
  id: currencyIdSchema,
  description: z.string(),
  symbol: z.string(),
  decimal_places: z.number().int().nonnegative(),
});

export const currencyListSchema = z.array(currencySchema);

// `GET /currency_conversions/search?from=&to=`: the spec's `{ratio}`, not the newer `{rate, inv_rate}`.
export const currencyConversionSchema = z.object({ ratio: z.number().positive() });

export type Currency = z.infer<typeof currencySchema>;
export type CurrencyConversion = z.infer<typeof currencyConversionSchema>;
