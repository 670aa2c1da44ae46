import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCatalogs, literalStrings, placeholdersOf } from './check-i18n.mjs';

const texts = (source: string) => literalStrings(source).map((found) => `${found.where}: ${found.text}`);

describe('the translation check', () => {
  it('finds literal words in JSX text and in the attributes people read', () => {
    const source = `
      export function Card({ open }) {
        return (
          <section aria-label="Totals" title={open ? 'Open' : t('card.closed')}>
            <h2>Order total</h2>
            {open ? 'Shown' : null}
            <input placeholder="Search orders" alt={\`Item \${id}\`} />
            <img alt="" className="size-4 text-muted" data-testid="total-value" />
          </section>
        );
      }`;
    expect(texts(source)).toEqual([
      'aria-label: Totals',
      'title: Open',
      'text: Order total',
      'text: Shown',
      'placeholder: Search orders',
      'alt: Item …',
    ]);
  });

  it('finds words chosen inside a template whose own text is only numbers and spaces', () => {
    const source = `
      export function Count({ total }) {
        return <p>{\`\${total} \${total === 1 ? 'review' : 'reviews'}\`}</p>;
      }`;
    expect(texts(source)).toEqual(['text: review', 'text: reviews']);
  });

  it('lets through messages, punctuation, numbers, class names and the product’s name', () => {
    const source = `
      export function Heading({ total }) {
        return (
          <p className="text-body text-muted" aria-label={t('orders.title')}>
            {t('orders.count', { total })} · 1 / 2 — <span>Mostrador</span>
            <T id="orders.placed" components={{ 0: <strong /> }} />
          </p>
        );
      }`;
    expect(texts(source)).toEqual([]);
  });

  it('reports an id a catalog lacks, an empty message and placeholders that differ', () => {
    const problems = compareCatalogs({
      en: {
        'a.one': 'Block {nickname}?',
        'a.two': 'Two',
        'a.three': '{count, plural, one {# order} other {# orders}}',
      },
      es: { 'a.one': '¿Bloquear a {apodo}?', 'a.three': '{count, plural, one {# pedido} other {# pedidos}}' },
      'pt-BR': {
        'a.one': 'Bloquear {nickname}?',
        'a.two': ' ',
        'a.three': '{count, plural, one {# pedido} other {# pedidos}}',
        'a.four': 'Extra',
      },
    });
    expect(problems).toEqual([
      'en lacks "a.four"',
      'es lacks "a.four"',
      'es "a.one" has placeholders {apodo}, not {nickname}',
      'es lacks "a.two"',
      'pt-BR "a.two" is empty',
    ]);
  });

  it('reads placeholders inside plurals and selects, but not the words of their branches', () => {
    expect(
      placeholdersOf(
        '{list, select, order {buying <0>{name}</0>} other {asking}} · {count, plural, one {#} other {#}}',
      ),
    ).toEqual(['<0>', 'count', 'list', 'name']);
  });

  it('passes on the repository: every catalog complete, no component with literal words', () => {
    const dir = resolve(import.meta.dirname, '../apps/web/src/lib/i18n/messages');
    const catalogs = Object.fromEntries(
      readdirSync(dir).map((file) => [
        file.replace('.json', ''),
        JSON.parse(readFileSync(join(dir, file), 'utf8')),
      ]),
    );
    expect(Object.keys(catalogs).sort()).toEqual(['en', 'es', 'pt-BR']);
    expect(compareCatalogs(catalogs)).toEqual([]);
  });
});
