import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import type { Language } from '@mostrador/contracts';

const CATALOGS = join(import.meta.dirname, '../../apps/web/src/lib/i18n/messages');

/**
 * What the dashboard says in a language, from its own catalogs: the journeys assert the words users read without
 * copying them (Lingui compiles the ICU messages as it reads them outside production).
 */
export function messages(language: Language) {
  const catalog = JSON.parse(readFileSync(join(CATALOGS, `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: language, messages: catalog });
  return (id: string, values?: Record<string, unknown>): string => {
    if (!(id in catalog)) throw new Error(`no message ${id} in ${language}`);
    return i18n._(id, values);
  };
}

/** A message's text as a pattern: `{…}` placeholders match anything. */
export function pattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
