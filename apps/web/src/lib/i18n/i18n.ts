import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { type Language, parseLanguage } from '@mostrador/contracts';
import type english from './messages/en.json';

/** Every message of the dashboard, named by id; the English catalog is the list (the others must match it). */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, unknown>;

/** Each language named in its own words, the same in every catalog: whoever cannot read the page finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  en: 'English',
};

/** The dashboard's one Lingui instance; `I18nProvider` re-renders every text when its language changes. */
export const i18n: I18n = setupI18n();

// One chunk per language, compiled at build time (apps/web/build/compiled-catalogs.ts): only the active one loads.
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  es: () => import('virtual:messages/es'),
  'pt-BR': () => import('virtual:messages/pt-BR'),
  en: () => import('virtual:messages/en'),
};

let pending: { language: Language; done: Promise<void> } | null = null;
let numbersLocale: string | undefined;

/**
 * Numbers inside messages ("1.036 ventas", "1–50 de 838") are written in `locale`, the account's, like the money
 * and dates beside them; the plural form is chosen by the same locale's rules, so a locale is taken only where
 * those agree with the language's for whole counts (Spanish-speaking sites in any language; Brazil in Portuguese).
 * Elsewhere (a Brazilian account read in English or Spanish, where Portuguese rules would write "0 order") the
 * language's own numbers are kept.
 */
export function numbersLocaleFor(language: Language, locale: string): string | undefined {
  const site = locale.split('-')[0];
  if (site === 'es') return locale;
  if (site === 'pt' && language === 'pt-BR') return locale;
  return undefined;
}

/** Writes the numbers of every message in the account's locale (see `numbersLocaleFor`); undefined: the language's. */
export function setNumbersLocale(locale: string | undefined): void {
  if (locale === numbersLocale) return;
  numbersLocale = locale;
  if (i18n.locale) i18n.activate(i18n.locale, locale ? [locale] : undefined);
}

/** Loads a language's messages (once) and makes it the active one; `<html lang>` follows. */
export function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return Promise.resolve();
  if (pending?.language === language) return pending.done;
  const done = catalogs[language]().then(({ messages }) => {
    if (pending?.language !== language) return;
    i18n.loadAndActivate({
      locale: language,
      ...(numbersLocale ? { locales: [numbersLocale] } : {}),
      messages,
    });
    document.documentElement.lang = language;
  });
  pending = { language, done };
  return done;
}

/** The language the server named in `<html lang>` for this browser (decision 0170). */
export function documentLanguage(): Language {
  return parseLanguage(document.documentElement.lang) ?? 'en';
}

/**
 * Whom the dashboard works for, a value every message may name: `{operator, select, yes {…{seller}…} other {…}}`
 * speaks of "TIENDA_PALERMO's items" to a team member working on that account, and of "your items" to its owner.
 */
let accountValues: MessageValues = { operator: 'no', seller: '' };

/**
 * The account the session works on when the signed-in user operates it for its seller (its nickname), or null on the
 * user's own account; what is on screen is drawn again when it changes.
 */
export function setOperatedAccount(seller: string | null): void {
  const next = seller ? { operator: 'yes', seller } : { operator: 'no', seller: '' };
  if (next.seller === accountValues.seller) return;
  accountValues = next;
  if (i18n.locale) i18n.activate(i18n.locale, numbersLocale ? [numbersLocale] : undefined);
}

/** A message's values with the working account's (`operator`, `seller`) beneath them. */
export const withAccountValues = (values?: MessageValues): MessageValues =>
  values ? { ...accountValues, ...values } : accountValues;

/** A message in the active language, outside React (document titles, announcements made from hooks). */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, withAccountValues(values));
}

/**
 * Names kept outside components (column names, status names), as message ids: each value is read in the active
 * language when it is used, so a language switch shows at once.
 */
export function messagesByKey<const Key extends string>(
  ids: Record<Key, MessageId>,
): Readonly<Record<Key, string>> {
  const names = {} as Record<Key, string>;
  for (const key of Object.keys(ids) as Key[]) {
    Object.defineProperty(names, key, { enumerable: true, get: () => translate(ids[key]) });
  }
  return names;
}

/** A list of choices whose `label` is a message id, read in the active language when used. */
export function withLabels<const Item extends { label: MessageId }>(
  items: readonly Item[],
): readonly (Omit<Item, 'label'> & { readonly label: string })[] {
  return items.map((item) => {
    const { label, ...rest } = item;
    return Object.defineProperty({ ...rest }, 'label', {
      enumerable: true,
      get: () => translate(label),
    }) as Omit<Item, 'label'> & { readonly label: string };
  });
}
