import { parseKeyring } from '@mostrador/server-kit/store';
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
    /** `postgres://user:password@host:port/database`: the store is PostgreSQL instead of DATABASE_FILE. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')),
    DEMO_ORDERS: z.coerce.number().int().min(0).default(20_000),
    /**
     * Keys that seal personal data: `k2:<base64 32 bytes>,k1:<…>` (the first is current) and the blind-index key.
     * Without them a local key file beside the database is used (decision 0009); instances on several machines must
     * share these instead.
     */
    DATA_KEYS: optional(z.string().min(1)),
    DATA_INDEX_KEY: optional(z.string().min(1)),
    MARKETPLACE_BASE_URL: optional(z.url()),
    /** The application the BFF signs in as (the seed's demo application by default). */
    MARKETPLACE_CLIENT_ID: z.coerce.number().int().positive().default(5503910054141466),
    /** Required with a remote platform; in local use every instance derives the same one from the store's keys (0113). */
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
    /** On SIGTERM or SIGINT, how long requests in flight may go on before their connections are cut (decision 0252). */
    SHUTDOWN_GRACE_MS: count(1_000, 0),
    /**
     * Who may deliver notifications to /bff/notifications: `platform` (spec 6.5's addresses), `loopback` (those and
     * this machine), `off`. Defaults to `loopback` with the embedded marketplace, `platform` with a remote one.
     */
    NOTIFICATION_SOURCE_CHECK: optional(z.enum(['platform', 'loopback', 'off'])),
    /** The platform's sender addresses, comma-separated, when they change from spec 6.5's. */
    NOTIFICATION_SOURCES: optional(
      z
        .string()
        .transform((list) =>
          list
            .split(',')
            .map((a) => a.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.union([z.ipv4(), z.ipv6()])).min(1)),
    ),
    /** Heartbeat comment lines on idle event streams, in ms. */
    EVENTS_HEARTBEAT_MS: count(15_000, 100),
    /** How long the notification worker holds a queued notification before another may take it over. */
    NOTIFICATION_LEASE_MS: count(30_000, 1_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.DATA_KEYS) !== Boolean(env.DATA_INDEX_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_KEYS'],
        message: 'DATA_KEYS and DATA_INDEX_KEY go together',
      });
    } else if (env.DATA_KEYS && env.DATA_INDEX_KEY) {
      try {
        parseKeyring(env.DATA_KEYS, env.DATA_INDEX_KEY);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['DATA_KEYS'], message: (error as Error).message });
      }
    }
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
