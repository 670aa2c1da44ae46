import { errorBody } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { timeout } from 'hono/timeout';
import type { ClientAddress } from './client-address.ts';
import { FixedWindowLimiter, InvalidRequestBlocker } from './rate-limiter.ts';

/** Spec 8's recommendations for an integrator's own application, each configurable (decision 0036). */
export interface Limits {
  /** Requests per minute per client address. */
  ratePerMinute: number;
  /** Sign-in attempts (`GET /bff/login`, `POST /bff/session`) per 15 minutes per client address. */
  signInPer15Minutes: number;
  /** Invalid requests after which an address is blocked for 15 minutes; 0 turns blocking off. */
  invalidBeforeBlock: number;
  /** Largest request body, in bytes. */
  bodyBytes: number;
  /** Longest a request may take. */
  timeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  ratePerMinute: 200,
  signInPer15Minutes: 5,
  invalidBeforeBlock: 10,
  bodyBytes: 1024 * 1024,
  timeoutMs: 30_000,
};

const MINUTE = 60_000;
const FIFTEEN_MINUTES = 15 * MINUTE;

/** Answers that say the client sent something wrong or unauthorised; 404 is not one (a link can go stale). */
const INVALID_STATUSES = new Set([400, 401, 403, 405, 413, 415]);

const tooMany = (c: Context, retryAfterSeconds: number, message: string) =>
  c.json(errorBody('too_many_requests', { message }), 429, { 'Retry-After': String(retryAfterSeconds) });

export interface LimitOptions {
  limits: Limits;
  now: () => number;
  clientAddress: ClientAddress;
  isSignIn: (c: Context) => boolean;
  /**
   * Requests the per-minute rate does not count: the webhook receiver, which the platform calls as often as orders
   * change and which checks its sender itself (decision 0052).
   */
  unmetered?: (c: Context) => boolean;
}

/**
 * The limits, in the order a request meets them: an address blocked for invalid requests, the per-minute rate,
 * the sign-in rate; then the time limit and the body size (before any handler reads a byte).
 */
export function limitMiddleware(options: LimitOptions): MiddlewareHandler[] {
  const { limits, now } = options;
  const rate = new FixedWindowLimiter(limits.ratePerMinute, MINUTE, now);
  const signIns = new FixedWindowLimiter(limits.signInPer15Minutes, FIFTEEN_MINUTES, now);
  const blocker = new InvalidRequestBlocker(limits.invalidBeforeBlock, FIFTEEN_MINUTES, now);

  const guard: MiddlewareHandler = async (c, next) => {
    const key = options.clientAddress(c);
    const blockedFor = blocker.blockedFor(key);
    if (blockedFor > 0) return tooMany(c, blockedFor, 'too many invalid requests from this address');
    if (!options.unmetered?.(c)) {
      const perMinute = rate.hit(key);
      if (!perMinute.allowed)
        return tooMany(c, perMinute.retryAfterSeconds, 'too many requests from this address');
    }
    if (options.isSignIn(c)) {
      const attempt = signIns.hit(key);
      if (!attempt.allowed) return tooMany(c, attempt.retryAfterSeconds, 'too many sign-in attempts');
    }
    await next();
    if (INVALID_STATUSES.has(c.res.status)) blocker.recordInvalid(key);
  };

  const timeLimit = timeout(
    limits.timeoutMs,
    () =>
      new HTTPException(504, {
        res: Response.json(errorBody('gateway_timeout'), {
          status: 504,
          headers: { 'Cache-Control': 'no-store' },
        }),
      }),
  );

  // Counted on the bytes that arrive, with or without Content-Length (a chunked body is read up to the limit).
  const sizeLimit = bodyLimit({
    maxSize: limits.bodyBytes,
    onError: (c) =>
      c.json(
        errorBody('payload_too_large', { message: `bodies are limited to ${limits.bodyBytes} bytes` }),
        413,
      ),
  });

  return [guard, timeLimit, sizeLimit];
}
