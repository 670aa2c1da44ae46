import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageIn, readRoutePreloads, routeScripts } from './spa-page.ts';

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

describe('each page’s own scripts, named in its HTML', () => {
  const preloads = [
    { pattern: '/orders', files: ['assets/orders-a1.js', 'assets/orders.index-b2.js'] },
    { pattern: '/orders/$orderId', files: ['assets/orders-a1.js', 'assets/orders._orderId-c3.js'] },
    { pattern: '/orders/saved', files: ['assets/saved-d4.js'] },
  ];

  it('finds the route a page address matches, the one without a parameter first', () => {
    expect(routeScripts(preloads, '/orders')).toEqual(preloads[0]!.files);
    expect(routeScripts(preloads, '/orders/')).toEqual(preloads[0]!.files);
    expect(routeScripts(preloads, '/orders/2000001234')).toEqual(preloads[1]!.files);
    expect(routeScripts(preloads, '/orders/saved')).toEqual(preloads[2]!.files);
    expect(routeScripts(preloads, '/orders/1/more')).toEqual([]);
    expect(routeScripts(preloads, '/nowhere')).toEqual([]);
  });

  it('preloads them after the entry’s own, as modules', () => {
    const built = source.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/react-e5.js">\n</head>',
    );
    const page = pageIn(built, 'en', routeScripts(preloads, '/orders/7'));
    const links = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual(['/assets/react-e5.js', '/assets/orders-a1.js', '/assets/orders._orderId-c3.js']);
    expect(page.indexOf('orders._orderId-c3.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('reads the build’s list, and names nothing when the build has none or it is not a list of scripts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-spa-'));
    try {
      expect(await readRoutePreloads(dir)).toEqual([]);
      writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads));
      expect(await readRoutePreloads(dir)).toEqual(preloads);
      writeFileSync(
        join(dir, 'route-preloads.json'),
        JSON.stringify([{ pattern: '/x', files: ['"><script>'] }]),
      );
      expect(await readRoutePreloads(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
