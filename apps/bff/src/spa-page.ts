import type { Language } from '@mostrador/contracts';
import { escapeHtml, type ServerMessageId, serverMessage } from './i18n/server-messages.ts';

// The words of index.html before any script runs, written there in English: the status of the first paint's
// skeleton and the no-script notice.
const WORDS: readonly ServerMessageId[] = ['page.loading', 'page.needsJavaScript'];

/**
 * The SPA's page in a language: `<html lang>` (the app loads that language's messages at once) and the words of the
 * first paint, so a reader of Spanish never hears English while the scripts load.
 */
export function pageIn(html: string, language: Language): string {
  let page = html
    .replace('<html lang="en">', `<html lang="${language}">`)
    // The build preloads each language's messages (marked `data-language`): the page keeps its own alone.
    .replace(/\s*<link rel="modulepreload"[^>]*data-language="([^"]+)"[^>]*>/g, (link, lang: string) =>
      lang === language ? link : '',
    );
  if (language === 'en') return page;
  for (const id of WORDS) {
    page = page.replaceAll(escapeHtml(serverMessage('en', id)), escapeHtml(serverMessage(language, id)));
  }
  return page;
}
