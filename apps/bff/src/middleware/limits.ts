import { errorBody, type Language } from '@mostrador/contracts';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { escapeHtml, type ServerMessageId, serverMessage } from '../i18n/server-messages.ts';
import { isApiOrBffPath } from '../paths.ts';
import type { ClientAddress } from './client-address.ts';
import { bringsOwnToken } from './csrf.ts';
import { FixedWindowLimiter, InvalidRequestBlocker } from './rate-limiter.ts';
import type { SessionEnv } from './session.ts';
import type { Step } from './steps.ts';
import { timeLimit as requestTimeLimit } from './time-limit.ts';

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

/** The SPA's own files and pages: reading them never counts against anyone (a cold page load is dozens). */
function isStaticRead(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  return !isApiOrBffPath(c.req.path);
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
   * Requests no limit applies to: the webhook receiver, which the platform calls as often as orders change and which
   * checks its sender itself (decision 0052); its own refusals never count against the sender either.
   */
  unmetered?: (c: Context) => boolean;
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
 * The limits, in the order a request meets them: an address blocked for invalid requests, the per-minute rate,
 * the sign-in rate; then the time limit and the body size (before any handler reads a byte).
 */
export function limitSteps(options: LimitOptions): Step[] {
  const { limits, now } = options;
  const rate = new FixedWindowLimiter(limits.ratePerMinute, MINUTE, now);
  const signIns = new FixedWindowLimiter(limits.signInPer15Minutes, FIFTEEN_MINUTES, now);
  const blocker = new InvalidRequestBlocker(limits.invalidBeforeBlock, FIFTEEN_MINUTES, now);
  const metered = (c: Context) => !isStaticRead(c) && !options.unmetered?.(c);
  // A request that brings its own token has no session: its key is known at once, without a promise.
  const sessionOf = (c: Context) => options.sessionKey?.(c) ?? null;

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

  function recordInvalid(c: Context, session: string | null) {
    const address = options.clientAddress(c);
    if (session === null && !(options.localUser?.(address) ?? false)) blocker.recordInvalid(address);
  }

  const guard: Step = {
    enter(c) {
      if (!metered(c)) return;
      const session = sessionOf(c);
      return session instanceof Promise ? session.then((key) => admit(c, key)) : admit(c, session);
    },
    leave(c) {
      if (!metered(c) || !countsAsInvalid(c)) return;
      const session = sessionOf(c);
      if (!(session instanceof Promise)) return recordInvalid(c, session);
      return session.then((key) => recordInvalid(c, key));
    },
  };

  const timeLimit = requestTimeLimit(
    limits.timeoutMs,
    () =>
      new HTTPException(504, {
        res: Response.json(errorBody('gateway_timeout'), {
          status: 504,
          headers: { 'Cache-Control': 'no-store' },
        }),
      }),
  );

  return [guard, { around: timeLimit }, bodySizeLimit(limits.bodyBytes)];
}

/**
 * A body declared this large or less that is answered without being read (a 413, a CSRF refusal, a logout) is read
 * to its end and dropped by the server, so the next request on the connection is answered; past it, or of unknown
 * length, the answer closes the connection instead.
 */
const DRAIN_CAP_BYTES = 8 * 1024 * 1024;

/**
 * The body size limit, before any handler reads a byte. A declared length is judged by its header alone: touching
 * the body would attach a reader to it, and a body with a reader the handler never finishes cannot be drained, so
 * the server would drop the connection with the next request already on it. A body without a length is counted as
 * it arrives, up to the limit: only such a request is held by the step (GET and HEAD pass it by).
 */
function bodySizeLimit(maxBytes: number): Step {
  const tooLarge = (c: Context, close: boolean) =>
    c.json(
      errorBody('payload_too_large', { message: `bodies are limited to ${maxBytes} bytes` }),
      413,
      close ? { Connection: 'close' } : {},
    );
  const counted = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, true) });
  const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';
  const undeclared = (c: Context) =>
    c.req.header('content-length') === undefined || c.req.header('transfer-encoding') !== undefined;
  return {
    enter(c) {
      if (!hasBody(c) || undeclared(c)) return;
      const declared = Number(c.req.header('content-length'));
      if (declared <= maxBytes) return;
      // A client waiting for `100 Continue` never sent the body; one that did is drained if that is cheap.
      return tooLarge(c, declared > DRAIN_CAP_BYTES || /100-continue/i.test(c.req.header('expect') ?? ''));
    },
    holds: (c) => hasBody(c) && undeclared(c),
    around: counted,
  };
}
