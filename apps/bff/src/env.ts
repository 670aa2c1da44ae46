import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_FILE: z.string().min(1).default('data/mostrador.db'),
  DEMO_ORDERS: z.coerce.number().int().min(0).default(20_000),
  // Empty string counts as unset so `MARKETPLACE_BASE_URL= npm start` keeps the embedded API.
  MARKETPLACE_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses an environment record; throws a readable error naming every invalid variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

// The one place in the BFF that reads process.env.
export const env: Env = parseEnv(process.env);
