import { z } from 'zod';

/** The languages the dashboard speaks: neutral Latin-American Spanish, Brazilian Portuguese and English. */
export const LANGUAGES = ['es', 'pt-BR', 'en'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** `PUT /bff/preferences/language`: the language the user chose. */
export const languageChoiceSchema = z.strictObject({ language: languageSchema });

/**
 * The browser's choice, for the pages nobody is signed in to (sign-in, authorization) and the next sign-in. Long
 * lived; the signed-in user's choice is also kept on the server.
 */
export const LANGUAGE_COOKIE = 'mostrador_language';

/** The marketplace's sites: Brazil speaks Portuguese, every other site of the platform Spanish. */
export function languageOfSite(siteId: string | null | undefined): Language | null {
  if (!siteId) return null;
  if (siteId === 'MLB') return 'pt-BR';
  return /^M[A-Z]{2}$/.test(siteId) ? 'es' : null;
}

/** The first language of an `Accept-Language` header the dashboard speaks, by quality; null when none. */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'es') return 'es';
    if (primary === 'en') return 'en';
  }
  return null;
}

/** A language the dashboard speaks, from any text (a cookie, a column); null for anything else. */
export function parseLanguage(value: string | null | undefined): Language | null {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface LanguageSources {
  /** Explicit choices, most specific first: the session's, the user's kept preference, the browser's cookie. */
  chosen: ReadonlyArray<Language | null | undefined>;
  /** The signed-in account's site. */
  siteId?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}

/** An explicit choice, else the account's site, else the browser's languages, else English. */
export function resolveLanguage(sources: LanguageSources): Language {
  for (const choice of sources.chosen) if (choice) return choice;
  return languageOfSite(sources.siteId) ?? languageOfAcceptLanguage(sources.acceptLanguage) ?? 'en';
}
