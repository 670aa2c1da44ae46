import {
  LANGUAGE_COOKIE,
  type Language,
  parseLanguage,
  resolveLanguage,
  type Session,
} from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SessionEnv } from '../middleware/session.ts';
import { cookiePolicy } from '../session/session-cookie.ts';
import type { SessionRepository } from '../session/session-repository.ts';
import type { ActiveSession } from '../session/sessions.ts';
import type { PreferenceRepository } from './preference-repository.ts';

/** Browsers keep a cookie at most about 400 days. */
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * When this browser's language was chosen (ms since the epoch), beside the language cookie, whose value stays the
 * bare language the platform's sign-in page reads. A cookie without it (set before it existed) has no known age.
 */
export const LANGUAGE_CHOSEN_AT_COOKIE = 'mostrador_language_at';

function chosenAt(c: Context): number | null {
  const value = getCookie(c, LANGUAGE_CHOSEN_AT_COOKIE);
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export interface LanguagesOptions {
  preferences: PreferenceRepository;
  sessions: Pick<SessionRepository, 'findAccount'>;
  now: () => number;
}

/**
 * Which language the dashboard speaks to a request: the choice made in the session, else the signed-in user's kept
 * choice, else this browser's, else the account's site, else Accept-Language, else English.
 */
export function createLanguages(options: LanguagesOptions) {
  const { preferences, sessions, now } = options;

  async function resolve(c: Context, session: ActiveSession | null): Promise<Language> {
    const userId = session?.row.active_user_id ?? null;
    const account =
      session && userId !== null ? await sessions.findAccount(session.idHash, userId) : undefined;
    return resolveLanguage({
      chosen: [
        parseLanguage(session?.row.language),
        userId === null ? null : await preferences.languageOfUser(userId),
        parseLanguage(getCookie(c, LANGUAGE_COOKIE)),
      ],
      siteId: account?.site_id,
      acceptLanguage: c.req.header('accept-language'),
    });
  }

  return {
    resolve,

    /** Keeps a choice: on the session and the signed-in user (if any), and in this browser's cookie. */
    async choose(
      c: Context,
      session: ActiveSession | null,
      language: Language,
      origin: string,
    ): Promise<void> {
      if (session) {
        await preferences.chooseLanguage({
          sessionIdHash: session.idHash,
          userId: session.row.active_user_id,
          language,
          at: now(),
        });
      }
      const attributes = {
        path: '/',
        httpOnly: true,
        secure: cookiePolicy(origin).secure,
        sameSite: 'Lax',
        maxAge: COOKIE_MAX_AGE_SECONDS,
      } as const;
      setCookie(c, LANGUAGE_COOKIE, language, attributes);
      setCookie(c, LANGUAGE_CHOSEN_AT_COOKIE, String(now()), attributes);
    },

    /**
     * At sign-in: the latest explicit choice wins. A language this browser chose after the user last chose one (on
     * the sign-in page, say) becomes the session's and the user's; an older or undated one changes nothing.
     */
    async adoptBrowserChoice(c: Context, session: ActiveSession | null): Promise<void> {
      const userId = session?.row.active_user_id ?? null;
      const language = parseLanguage(getCookie(c, LANGUAGE_COOKIE));
      const at = chosenAt(c);
      if (!session || userId === null || language === null || at === null) return;
      const kept = await preferences.languageChosenAt(userId);
      if (kept !== null && kept >= at) return;
      await preferences.chooseLanguage({ sessionIdHash: session.idHash, userId, language, at });
    },

    /** Puts the request's language on the context (`c.var.language()`); after `sessionContext`. */
    middleware(): MiddlewareHandler<SessionEnv> {
      return async (c, next) => {
        let found: Promise<Language> | undefined;
        c.set('language', () => {
          found ??= c.var.session().then((session) => resolve(c, session));
          return found;
        });
        await next();
      };
    },

    /** A session view with the language it speaks. */
    async view(c: Context, session: ActiveSession | null, view: Omit<Session, 'language'>): Promise<Session> {
      return { ...view, language: await resolve(c, session) };
    },
  };
}

export type Languages = ReturnType<typeof createLanguages>;
