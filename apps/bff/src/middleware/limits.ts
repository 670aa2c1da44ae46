import { errorBody, type Language } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { escapeHtml, type ServerMessageId, serverMessage } from '../i18n/server-messages.ts';
import type { ClientAddress } from './client-address.ts';
import { bringsOwnToken } from './csrf.ts';
import { FixedWindowLimiter, InvalidRequestBlocker } from './rate-limiter.ts';
import type { SessionEnv } from './session.ts';

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

/**
 * Answers that say an anonymous client sent something wrong; 404 is not one (a link can go stale), and neither is a
 * 401 to a request that brought no token of its own (a session that ended: the page signs in again).
 */
const INVALID_STATUSES = new Set([400, 403, 405, 413, 415]);

function countsAsInvalid(c: Context): boolean {
  return INVALID_STATUSES.has(c.res.status) || (c.res.status === 401 && bringsOwnToken(c));
}

/** `/api`, `/bff` and what is under them: per-user answers, never the SPA's files. */
const API_OR_BFF = /^\/(api|bff)(\/|$)/;

/** The SPA's own files and pages: reading them never counts against anyone (a cold page load is dozens). */
function isStaticRead(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  return !API_OR_BFF.test(c.req.path);
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

type TooManyReason = 'invalid' | 'session' | 'address' | 'sign_in';

// The API's error bodies keep the platform's English; the page a browser navigated to speaks its language.
const REASON_MESSAGES: Record<TooManyReason, string> = {
  invalid: 'too many invalid requests from this address',
  session: 'too many requests from this session',
  address: 'too many requests from this address',
  sign_in: 'too many sign-in attempts',
};

/** A browser that navigated here gets a page that explains, in its language; anything else the spec's error body. */
async function tooMany(c: Context, retryAfterSeconds: number, reason: TooManyReason) {
  const headers = { 'Retry-After': String(retryAfterSeconds) };
  if (c.req.header('sec-fetch-mode') === 'navigate' || /\btext\/html\b/.test(c.req.header('accept') ?? '')) {
    // Resolved from the session and the browser (decision 0170); English where the app mounted no resolver.
    const language: Language = (await (c as Context<SessionEnv>).var.language?.()) ?? 'en';
    const say = (id: ServerMessageId, values?: Record<string, unknown>) =>
      escapeHtml(serverMessage(language, id, values));
    return c.html(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say('tooMany.title')} · Mostrador</title></head><body><main><h1>${say('tooMany.title')}</h1><p>${say('tooMany.reason', { reason })} ${say('tooMany.wait', { minutes: minutes(retryAfterSeconds) })}</p><p><a href="/">${say('tooMany.back')}</a></p></main></body></html>`,
      429,
      headers,
    );
  }
  return c.json(errorBody('too_many_requests', { message: REASON_MESSAGES[reason] }), 429, headers);
}

export interface LimitOptions {
  limits: Limits;
  now: () => number;
  clientAddress: ClientAddress;
  isSignIn: (c: Context) => boolean;
  /**
   * The live session of the request, as a key (`session:…`), or null: a signed-in user's requests are counted per
   * session, so one person (or one stale tab) never locks out everyone behind the same address, and they are
   * neither blocked by their address nor counted as invalid.
   */
  sessionKey?: (c: Context) => string | null | Promise<string | null>;
  /**
   * The person at this machine, in local use (decision 0161): the limit key of a loopback address when the BFF serves
   * the embedded marketplace. Never blocked for invalid requests, and their sign-ins (a chooser of demo accounts, with
   * no password to guess) are not limited: blocking them would only lock the dashboard's own user out.
   */
  localUser?: (address: string) => boolean;
}

/**
 * The limits a request meets first, in this order: an address blocked for invalid requests, the per-minute rate, the
 * sign-in rate. Once the request is answered, an answer that says the client sent something wrong counts towards the
 * block. The time limit and the body size follow as middleware of their own (`time-limit.ts`, `body-size-limit.ts`).
 */
export function rateLimits(options: LimitOptions): MiddlewareHandler {
  const { limits, now } = options;
  const rate = new FixedWindowLimiter(limits.ratePerMinute, MINUTE, now);
  const signIns = new FixedWindowLimiter(limits.signInPer15Minutes, FIFTEEN_MINUTES, now);
  const blocker = new InvalidRequestBlocker(limits.invalidBeforeBlock, FIFTEEN_MINUTES, now);

  function admit(c: Context, session: string | null) {
    const address = options.clientAddress(c);
    const local = options.localUser?.(address) ?? false;
    if (session === null && !local) {
      const blockedFor = blocker.blockedFor(address);
      if (blockedFor > 0) return tooMany(c, blockedFor, 'invalid');
    }
    const perMinute = rate.hit(session ?? address);
    if (!perMinute.allowed) return tooMany(c, perMinute.retryAfterSeconds, session ? 'session' : 'address');
    if (!local && options.isSignIn(c)) {
      const attempt = signIns.hit(address);
      if (!attempt.allowed) return tooMany(c, attempt.retryAfterSeconds, 'sign_in');
    }
    return undefined;
  }

  return async (c, next) => {
    if (isStaticRead(c)) {
      await next();
      return;
    }
    const session = (await options.sessionKey?.(c)) ?? null;
    const refusal = admit(c, session);
    if (refusal) return refusal;
    await next();
    if (!countsAsInvalid(c) || session !== null) return;
    const address = options.clientAddress(c);
    if (!(options.localUser?.(address) ?? false)) blocker.recordInvalid(address);
  };
}
