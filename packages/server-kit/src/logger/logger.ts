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
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}

const { chindingsSym, endSym, lsCacheSym, needsMetadataGsym, streamSym } = pino.symbols;
/** Marks the loggers made here (and, through their prototype, their children): `infoLine` knows their format. */
const MADE_HERE = Symbol('mostrador.logger');
const INFO = 30;
const REDACTED_JSON = JSON.stringify(REDACTED);

// Printable ASCII but `"` and `\`: JSON writes such a string as it is, between quotes.
const PLAIN_JSON_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(text)`, without the call for the strings most lines hold (paths, methods, names). */
function jsonString(text: string): string {
  return PLAIN_JSON_STRING.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * `String(value)` of a finite number. One with a single decimal (a duration rounded to a tenth of a millisecond) is
 * written from its integer parts: its shortest form is `<integer>.<digit>` exactly, and small integers are written
 * without the conversion of a double that `String` calls into the runtime for.
 */
function numberText(value: number): string {
  if (Number.isInteger(value) || !(Math.abs(value) < 1e9)) return String(value);
  const tenths = Math.round(value * 10);
  if (tenths / 10 !== value) return String(value);
  const abs = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(abs / 10)}.${abs % 10}`;
}

/** A field's value as `redact` and pino would write it: strings scrubbed, objects redacted, what JSON cannot hold null. */
function fieldJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(scrubText(value));
    case 'number':
      return Number.isFinite(value) ? numberText(value) : 'null';
    case 'boolean':
      return String(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      return JSON.stringify(redact(value, 1)) ?? undefined;
  }
}

// The time part of lines written within one millisecond, as pino's `isoTime` (which every logger made here uses)
// writes it. Its text up to the second is made once a second, and the milliseconds appended.
let timeMs = -1;
let timePart = '';
let secondMs = -1;
let secondPart = '';
function isoTimePart(): string {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    const ms = now % 1000;
    if (now - ms !== secondMs || ms < 0) {
      const iso = new Date(now).toISOString();
      // The year of a clock set before 1970 or past 9999 is written another way: such a clock gets `toISOString`.
      if (ms < 0 || iso.length !== 24) {
        secondMs = -1;
        timePart = `,"time":"${iso}"`;
        return timePart;
      }
      secondMs = now - ms;
      secondPart = `,"time":"${iso.slice(0, 20)}`;
    }
    timePart = `${secondPart}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
  }
  return timePart;
}

/**
 * `,"key":` for a field's key, and whether its value is a secret: keys and messages are a handful of constants of the
 * code, worked out once each (bounded, for the odd caller that makes keys up).
 */
const REMEMBERED_KEYS = 1000;
const keyParts = new Map<string, { part: string; secret: boolean }>();
function keyPart(key: string): { part: string; secret: boolean } {
  let known = keyParts.get(key);
  if (known === undefined) {
    known = { part: `,${JSON.stringify(key)}:`, secret: SECRET_KEYS.has(key.toLowerCase()) };
    if (keyParts.size < REMEMBERED_KEYS) keyParts.set(key, known);
  }
  return known;
}
const messageParts = new Map<string, string>();
function messagePart(message: string): string {
  let part = messageParts.get(message);
  if (part === undefined) {
    part = `,"msg":${JSON.stringify(scrubText(message))}`;
    if (messageParts.size < REMEMBERED_KEYS) messageParts.set(message, part);
  }
  return part;
}

/**
 * An `info` line with these fields and this message: the very bytes `logger.info(fields, message)` writes (the
 * same level, time, bindings, redaction and scrubbing, in the same order), built without going through pino's
 * generic path of hooks, formatters and serializers, which made the request log a tenth of an API read's CPU
 * (decision 0156). A logger made elsewhere, or a destination that wants pino's metadata, gets `logger.info`.
 */
export function infoLine(logger: Logger, fields: Record<string, unknown>, message: string): void {
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[streamSym] as DestinationStream & Record<symbol, unknown>;
  if (own[MADE_HERE] !== true || stream[needsMetadataGsym] === true) {
    logger.info(fields, message);
    return;
  }
  if (!logger.isLevelEnabled('info')) return;
  let line = `${(own[lsCacheSym] as Record<number, string>)[INFO]}${isoTimePart()}${own[chindingsSym]}`;
  for (const key in fields) {
    const { part, secret } = keyPart(key);
    const value = secret ? REDACTED_JSON : fieldJson(fields[key]);
    if (value !== undefined) line += `${part}${value}`;
  }
  stream.write(`${line}${messagePart(message)}${own[endSym]}`);
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
 * Standard output gets lines in batches: written once this many characters wait, or every `FLUSH_EVERY_MS`, and at
 * once after an error line and when the process exits. A line per write made the request log a fifth of an API
 * read's CPU (decision 0155); what a line says is unchanged.
 */
const BATCH_CHARS = 32 * 1024;
const FLUSH_EVERY_MS = 100;

/**
 * Standard output, one for every logger of the process (so their lines keep the order they were written in): lines
 * wait in a list and are handed to pino's destination (sonic-boom, which writes them and retries short writes) as one
 * string per batch. sonic-boom batches by itself too, but it appends each write to the string it holds and measures
 * that string's length in bytes again on every write, copying it whole each time: two to three times the CPU of
 * building the line (decision 0209).
 */
class LineBatch implements DestinationStream {
  #lines: string[] = [];
  #chars = 0;

  constructor(
    private readonly out: DestinationStream & {
      flush(done?: (error?: Error) => void): void;
      flushSync(): void;
    },
  ) {
    setInterval(() => this.#drain(), FLUSH_EVERY_MS).unref();
    process.once('exit', () => {
      try {
        this.flushSync();
      } catch {
        // Standard output is closed: there is nowhere left to write the last lines.
      }
    });
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BATCH_CHARS) this.#drain();
    return true;
  }

  /** Writes what waits, without waiting for it (after an error line); `done` once it is written (`logger.flush`). */
  flush(done?: (error?: Error) => void): void {
    this.#drain();
    this.out.flush(done);
  }

  /** Writes what waits before answering (when the process exits). */
  flushSync(): void {
    this.#drain();
    this.out.flushSync();
  }

  #drain(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.out.write(text);
  }
}

let stdoutBatch: LineBatch | undefined;
const standardOutput = () => {
  stdoutBatch ??= new LineBatch(pino.destination({ dest: 1, minLength: 0 }));
  return stdoutBatch;
};
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
  (logger as unknown as Record<symbol, unknown>)[MADE_HERE] = true;
  return logger;
}
