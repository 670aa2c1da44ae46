import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '@mostrador/contracts';
import type english from './messages/en.json';

/** The BFF's own pages speak the dashboard's languages (decision 0170); their messages, by id. */
export type ServerMessageId = keyof typeof english;

function compiled(language: Language): I18n {
  const source = JSON.parse(
    readFileSync(join(import.meta.dirname, 'messages', `${language}.json`), 'utf8'),
  ) as Record<string, string>;
  const i18n = setupI18n();
  // Compiled here, once: Lingui compiles nothing itself where NODE_ENV is production.
  i18n.load(
    language,
    Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessageOrThrow(text)])),
  );
  i18n.activate(language);
  return i18n;
}

const catalogs = new Map<Language, I18n>(LANGUAGES.map((language) => [language, compiled(language)]));

/** A message of the BFF's pages in a language. Values are the caller's to escape where they reach HTML. */
export function serverMessage(
  language: Language,
  id: ServerMessageId,
  values?: Record<string, unknown>,
): string {
  return catalogs.get(language)!._(id, values);
}

/** Text made safe for HTML's content and quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
