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
    const code = (value as { code?: unknown }).code;
    return {
      type: value.name,
      ...(typeof code === 'string' ? { code } : {}),
      message: scrubText(value.message),
      stack: value.stack === undefined ? undefined : scrubText(value.stack),
    };
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
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
  /**
   * The same error line (message, error code and text) is written once per this many ms, the next one after it
   * saying how many were left out (`repeated`): a failing disk or database must not bury the log. 60 s by default;
   * 0 writes every one.
   */
  repeatWindowMs?: number;
  /** A sentence for the operator about an error (`explanation` on its line), e.g. which disk is full. */
  explain?: (error: unknown) => string | undefined;
  /** Epoch ms, for the repeat window; tests move it. */
  now?: () => number;
}

const ERROR_LEVEL = 50;

/**
 * Standard output, one for every logger of the process, so their lines keep the order they were written in: pino's
 * asynchronous destination (sonic-boom), which holds lines until 4 KB wait and writes them in one call, as pino's
 * documentation of asynchronous logging sets it up. Written at once after an error line, every 100 ms otherwise (a
 * quiet server's lines do not wait for the next 4 KB), and synchronously when the process exits (pino registers that
 * for its own destinations). What a `kill -9` or a power cut can take is at most the last 100 ms of lines, never an
 * acknowledged write.
 */
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 100;
let stdout: ReturnType<typeof pino.destination> | undefined;
function standardOutput() {
  if (stdout === undefined) {
    const destination = pino.destination({ dest: 1, minLength: BATCH_BYTES, sync: false });
    setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
    stdout = destination;
  }
  return stdout;
}
const MAX_REPEAT_KEYS = 1000;

/** Decides, per kind of error line, whether it is written now and how many like it were left out before it. */
function repeatFilter(windowMs: number, now: () => number) {
  const seen = new Map<string, { since: number; left: number }>();
  return (key: string): { write: boolean; left: number } => {
    const at = now();
    const entry = seen.get(key);
    if (entry && at - entry.since < windowMs) {
      entry.left++;
      return { write: false, left: 0 };
    }
    if (seen.size >= MAX_REPEAT_KEYS) seen.clear();
    seen.set(key, { since: at, left: 0 });
    return { write: true, left: entry?.left ?? 0 };
  };
}

function errorOf(args: unknown[]): unknown {
  const first = args[0];
  if (first instanceof Error) return first;
  if (first !== null && typeof first === 'object' && 'err' in first) return (first as { err: unknown }).err;
  return undefined;
}

/**
 * JSON lines through pino, with personal data and tokens removed before a line is written: by key anywhere in the
 * logged object, and by shape (e-mails, tokens, token query parameters) in every string, the message included.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const windowMs = options.repeatWindowMs ?? 60_000;
  const repeats = windowMs > 0 ? repeatFilter(windowMs, options.now ?? Date.now) : undefined;
  const stdout = options.destination ? undefined : standardOutput();
  const logger = pino(
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
        logMethod(args, method, level) {
          let scrubbed: unknown[] = args.map((a) => (typeof a === 'string' ? scrubText(a) : a));
          if (level >= ERROR_LEVEL) {
            const error = errorOf(scrubbed);
            const code = (error as { code?: unknown } | undefined)?.code;
            const text = error instanceof Error ? error.message : '';
            const message = typeof scrubbed[0] === 'string' ? scrubbed[0] : (scrubbed[1] ?? '');
            const decision = repeats?.(`${String(message)}|${String(code ?? '')}|${text}`);
            if (decision && !decision.write) return;
            const explanation = error === undefined ? undefined : options.explain?.(error);
            const extra = {
              ...(decision?.left ? { repeated: decision.left } : {}),
              ...(explanation ? { explanation } : {}),
            };
            if (Object.keys(extra).length > 0) {
              const [first, ...rest] = scrubbed;
              scrubbed =
                first !== null && typeof first === 'object' && !(first instanceof Error)
                  ? [{ ...first, ...extra }, ...rest]
                  : first instanceof Error
                    ? [{ err: first, ...extra }, ...rest]
                    : [extra, ...scrubbed];
            }
          }
          method.apply(this, scrubbed as Parameters<typeof method>);
          if (level >= ERROR_LEVEL) stdout?.flush();
        },
      },
    },
    options.destination ?? stdout!,
  );
  return logger;
}
