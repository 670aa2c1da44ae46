import { z } from 'zod';

/**
 * The SPA's build-time settings (Vite's `import.meta.env`), parsed once. The marketplace application the BFF signs
 * in as must be the BFF's `MARKETPLACE_CLIENT_ID`; the demo application is the default of both.
 */
const envSchema = z.object({
  VITE_MARKETPLACE_APPLICATION_ID: z.coerce.number().int().positive().default(5503910054141466),
});

export const env = envSchema.parse(import.meta.env);
