import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@mostrador/contracts';
import { z } from 'zod';
import { escapeHtml, type ServerMessageId, serverMessage } from './i18n/server-messages.ts';

// The words of index.html before any script runs, written there in English: the status of the first paint's
// skeleton and the no-script notice.
const WORDS: readonly ServerMessageId[] = ['page.loading', 'page.needsJavaScript'];

/**
 * The SPA's page in a language: `<html lang>` (the app loads that language's messages at once) and the words of the
 * first paint, so a reader of Spanish never hears English while the scripts load.
 */
export function pageIn(html: string, language: Language, scripts: readonly string[] = []): string {
  let page = html
    .replace('<html lang="en">', `<html lang="${language}">`)
    // After the entry's own preloads, so the entry's files are asked for first.
    .replace(
      '</head>',
      `${scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">\n`).join('')}</head>`,
    )
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

/** One page address of the build's `route-preloads.json` and the scripts its routes load after the entry. */
export interface RoutePreload {
  /** `/orders/$orderId`: a segment starting with `$` matches any one segment. */
  pattern: string;
  files: readonly string[];
}

const routePreloadsSchema = z.array(
  z.object({
    pattern: z.string().startsWith('/'),
    files: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
  }),
);

/** The build's list (apps/web/build/route-preloads.ts); none when the build has none or it is unreadable. */
export async function readRoutePreloads(staticDir: string): Promise<RoutePreload[]> {
  try {
    return routePreloadsSchema.parse(
      JSON.parse(await readFile(join(staticDir, 'route-preloads.json'), 'utf8')),
    );
  } catch {
    return [];
  }
}

/**
 * The scripts of the page at `path` beyond the entry's (decision 0243): those of the route it matches, the one with
 * fewer parameters where two match (`/orders/new` before `/orders/$orderId`); none for an address no route has.
 */
export function routeScripts(preloads: readonly RoutePreload[], path: string): readonly string[] {
  const segments = path.split('/').filter(Boolean);
  let best: { files: readonly string[]; params: number } | undefined;
  for (const { pattern, files } of preloads) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    let params = 0;
    let matches = true;
    for (const [i, part] of parts.entries()) {
      if (part.startsWith('$')) params++;
      else if (part !== segments[i]) matches = false;
    }
    if (matches && (!best || params < best.params)) best = { files, params };
  }
  return best?.files ?? [];
}
