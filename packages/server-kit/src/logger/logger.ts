import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Keys whose values never reach a log line, at any depth, whatever their case (spec 5, item 6). */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'proxy-authorization',
    'access_token',
    'refresh_token',
    'token',
    'client_secret',
    'password',
    'cookie',
    'set-cookie',
    'email',
    'phone',
    'alternative_phone',
    'identification',
    'first_name',
    'last_name',
    'address',
    'zip_code',
  ].map((k) => k.toLowerCase()),
);

export const REDACTED = '[redacted]';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// The platform's token shapes: APP_USR-<app>-<stamp>-<random>-<user> and TG-<hex>-<user> refresh tokens.
const PLATFORM_TOKEN = /\b(APP_USR|TG)-[A-Za-z0-9-]+/g;
const BEARER = /\b(Bearer)\s+\S+/gi;
const TOKEN_PARAMETER = /([?&;](?:access_token|refresh_token|token|client_secret)=)[^&#\s]*/gi;

// Every pattern above needs one of these: text without any (most of a request line) is returned as it is.
const MAYBE_SECRET = /[=@]|bearer|APP_USR|TG-/i;

/** Masks e-mail addresses, tokens and token parameters (also inside URLs) in free text. */
export function scrubText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  return text
    .replace(TOKEN_PARAMETER, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(PLATFORM_TOKEN, `$1-${REDACTED}`)
    .replace(EMAIL, '[email]');
}

/** A copy with secret keys replaced and every string scrubbed; cycles and depth are cut short. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: scrubText(value.message),
      stack: value.stack === undefined ? undefined : scrubText(value.stack),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}

export interface LoggerOptions {
  level?: pino.LevelWithSilent;
  /** Where lines go (a test captures them); stdout by default. */
  destination?: DestinationStream;
  /** Bound to every line, e.g. `{ service: 'marketplace-api' }`; redacted like the rest. */
  base?: Record<string, unknown>;
}

/**
 * JSON lines through pino, with personal data and tokens removed before a line is written: by key anywhere in the
 * logged object, and by shape (e-mails, tokens, token query parameters) in every string, the message included.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: options.base ? (redact(options.base) as Record<string, unknown>) : null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redact(object) as Record<string, unknown>,
      },
      serializers: { err: (error: unknown) => redact(error) },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? scrubText(a) : a));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    options.destination ?? pino.destination(1),
  );
}
