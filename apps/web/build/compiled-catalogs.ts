import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';

/** Where the catalogs live: one JSON file per language, `{ "id": "ICU message" }`. */
export const CATALOG_DIR = join(import.meta.dirname, '..', 'src', 'lib', 'i18n', 'messages');

/** A catalog's messages compiled for Lingui's runtime, which then needs no ICU parser in the bundle. */
export function compileCatalog(source: Record<string, string>, language: string): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(
        `${language}.json: the message "${id}" is not valid ICU MessageFormat: ${String(error)}`,
      );
    }
  }
  return compiled;
}

/**
 * `import('virtual:messages/es')` gives `{ messages }`, the Spanish catalog compiled at build time: each language is
 * its own chunk, loaded only when that language is active.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'mostrador:compiled-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(language)) throw new Error(`no catalog named ${language}`);
      const file = join(CATALOG_DIR, `${language}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(source, language)))});`;
    },
    // The page loads one catalog, the one its <html lang> names, and only once its first script has run: a preload of
    // each catalog, marked with its language, lets the server keep the page's own one, fetched with the first scripts.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return Object.values(context.bundle).flatMap((chunk) => {
          const language =
            chunk.type === 'chunk' && chunk.facadeModuleId?.startsWith(`\0${PREFIX}`)
              ? chunk.facadeModuleId.slice(PREFIX.length + 1)
              : null;
          if (!language) return [];
          return [
            {
              tag: 'link',
              attrs: {
                rel: 'modulepreload',
                crossorigin: true,
                href: `/${chunk.fileName}`,
                'data-language': language,
              },
              injectTo: 'head' as const,
            },
          ];
        });
      },
    },
  };
}
