import { z } from 'zod';

// Empty strings count as unset, so `MARKETPLACE_BASE_URL= npm start` keeps the embedded API.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const count = (fallback: number, min = 1) =>
  z.coerce.number().int().min(min).max(1_000_000_000).default(fallback);

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_FILE: z.string().min(1).default('data/mostrador.db'),
    DEMO_ORDERS: z.coerce.number().int().min(0).default(20_000),
    MARKETPLACE_BASE_URL: optional(z.url()),
    /** The application the BFF signs in as (the seed's demo application by default). */
    MARKETPLACE_CLIENT_ID: z.coerce.number().int().positive().default(5503910054141466),
    /** Required with a remote platform; in local use a fresh one is registered in the store at each start. */
    MARKETPLACE_CLIENT_SECRET: optional(z.string().min(32).max(256)),
    /** Where sign-in starts; defaults to `<MARKETPLACE_BASE_URL>/authorization`, or `/api/authorization` locally. */
    MARKETPLACE_AUTHORIZATION_URL: optional(z.url()),
    /** The origin browsers use (e.g. `https://mostrador.example`); defaults to http://127.0.0.1|localhost:PORT. */
    PUBLIC_ORIGIN: optional(z.url()),
    RATE_LIMIT_PER_MINUTE: count(200),
    SIGNIN_LIMIT_PER_15_MINUTES: count(5),
    INVALID_REQUESTS_BEFORE_BLOCK: count(10, 0),
    BODY_LIMIT_BYTES: count(1024 * 1024),
    REQUEST_TIMEOUT_MS: count(30_000),
  })
  .superRefine((env, ctx) => {
    if (env.MARKETPLACE_BASE_URL && !env.MARKETPLACE_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['MARKETPLACE_CLIENT_SECRET'],
        message: 'is required when MARKETPLACE_BASE_URL names a remote platform',
      });
    }
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
