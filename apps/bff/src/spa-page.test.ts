import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageIn } from './spa-page.ts';

// The page as written in the repository: the build keeps its body as it is.
const source = readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url)), 'utf8');

describe('the first paint in the reader’s language', () => {
  it('holds the shell and a skeleton with a status label before any script', () => {
    expect(source).toMatch(
      /<div id="root">\s*<!--[\s\S]*?-->\s*<div[^>]+role="status" aria-label="Loading Mostrador…"/,
    );
    expect(source).toContain('<noscript>Mostrador needs JavaScript to run.</noscript>');
  });

  it('names the language and translates the words of the first paint', () => {
    const portuguese = pageIn(source, 'pt-BR');
    expect(portuguese).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
    expect(portuguese).toContain('aria-label="Carregando o Mostrador…"');
    expect(portuguese).toContain('<noscript>O Mostrador precisa de JavaScript para funcionar.</noscript>');
    expect(portuguese).not.toContain('Loading Mostrador');
    const spanish = pageIn(source, 'es');
    expect(spanish).toContain('aria-label="Cargando Mostrador…"');
    expect(pageIn(source, 'en')).toBe(source);
  });

  it('keeps the preload of the page’s own messages alone, so they load with the first scripts', () => {
    const built = source.replace(
      '</head>',
      ['es', 'pt-BR', 'en']
        .map((l) => `<link rel="modulepreload" crossorigin href="/assets/${l}-x1.js" data-language="${l}">`)
        .join('\n') + '\n</head>',
    );
    for (const language of ['es', 'pt-BR', 'en'] as const) {
      const page = pageIn(built, language);
      expect(page.match(/data-language="[^"]+"/g)).toEqual([`data-language="${language}"`]);
      expect(page).toContain(`<link rel="modulepreload" crossorigin href="/assets/${language}-x1.js"`);
    }
  });
});
