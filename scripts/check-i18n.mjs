#!/usr/bin/env node
// The dashboard's words come from its catalogs (docs/decisions/0170-languages.md), checked on every `npm run lint`:
// 1. every catalog has exactly the ids the others have, each message with the same placeholders;
// 2. no component of the web app renders a literal user-facing string: JSX text, or a string given to an attribute
//    people read or hear (aria-label, title, placeholder, alt, label…).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseSource } from '@babel/parser';
import { parse } from '@messageformat/parser';

/** Attributes whose string reaches a person: read on screen or by a screen reader. */
export const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'hint',
  'message',
  'caption',
  'emptyTitle',
  'emptyDescription',
  'confirmLabel',
  'cancelLabel',
  'actionLabel',
  'what',
  'legend',
]);

/** Words that are the same in every language: the product's name. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Mostrador']);

/** A string a person would read: it has a letter, and is not the product's name. */
export function isWords(text) {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /\p{L}/u.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.has(trimmed);
}

function walk(node, visit, parent = null) {
  if (!node || typeof node.type !== 'string') return;
  visit(node, parent);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) walk(child, visit, node);
    else if (value && typeof value.type === 'string') walk(value, visit, node);
  }
}

/** The literal strings a branch of an expression renders: `'a'`, `c ? 'a' : b`, `x ?? 'a'`, `` `a ${b}` ``. */
function literalsOf(expression) {
  if (!expression) return [];
  switch (expression.type) {
    case 'StringLiteral':
      return [expression];
    case 'TemplateLiteral':
      return expression.quasis.some((q) => isWords(q.value.cooked ?? ''))
        ? [expression]
        : expression.expressions.flatMap(literalsOf);
    case 'ConditionalExpression':
      return [...literalsOf(expression.consequent), ...literalsOf(expression.alternate)];
    case 'LogicalExpression':
      return literalsOf(expression.right).concat(
        expression.operator === '&&' ? [] : literalsOf(expression.left),
      );
    default:
      return [];
  }
}

const textOf = (node) =>
  node.type === 'StringLiteral'
    ? node.value
    : node.type === 'TemplateLiteral'
      ? node.quasis.map((q) => q.value.cooked).join('…')
      : node.value;

/** The literal user-facing strings of one component file, as `{ line, text, where }`. */
export function literalStrings(source, fileName = 'component.tsx') {
  const ast = parseSource(source, {
    sourceType: 'module',
    sourceFilename: fileName,
    plugins: ['typescript', 'jsx'],
  });
  const found = [];
  const report = (node, where) => {
    const text = textOf(node);
    if (isWords(text))
      found.push({ line: node.loc.start.line, text: text.replace(/\s+/g, ' ').trim(), where });
  };
  walk(ast.program, (node, parent) => {
    if (node.type === 'JSXText') report(node, 'text');
    else if (node.type === 'JSXExpressionContainer' && parent?.type !== 'JSXAttribute') {
      for (const literal of literalsOf(node.expression)) report(literal, 'text');
    } else if (node.type === 'JSXAttribute') {
      const name = node.name.type === 'JSXNamespacedName' ? node.name.name.name : node.name.name;
      if (!TEXT_ATTRIBUTES.has(name) || !node.value) return;
      const values =
        node.value.type === 'JSXExpressionContainer' ? literalsOf(node.value.expression) : [node.value];
      for (const value of values) report(value, name);
    }
  });
  return found;
}

/** The `{placeholder}` names of an ICU message (simple, plural and select arguments), and its `<0>` tags. */
export function placeholdersOf(message) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
        continue;
      }
      if (token.arg !== undefined) names.add(token.arg);
      for (const branch of token.cases ?? []) visit(branch.tokens);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

/** What differs between catalogs: ids one lacks, and messages whose placeholders differ from English's. */
export function compareCatalogs(catalogs) {
  const problems = [];
  const languages = Object.keys(catalogs);
  const allIds = new Set(languages.flatMap((language) => Object.keys(catalogs[language])));
  const reference = catalogs.en ?? catalogs[languages[0]];
  for (const id of [...allIds].sort()) {
    for (const language of languages) {
      const message = catalogs[language][id];
      if (message === undefined) {
        problems.push(`${language} lacks "${id}"`);
        continue;
      }
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${language} "${id}" is empty`);
        continue;
      }
      const expected = reference[id];
      let own;
      try {
        own = placeholdersOf(message);
      } catch (error) {
        problems.push(`${language} "${id}" is not valid ICU MessageFormat: ${error.message}`);
        continue;
      }
      if (expected !== undefined && placeholdersOf(expected).join() !== own.join()) {
        problems.push(
          `${language} "${id}" has placeholders {${own.join(', ')}}, not {${placeholdersOf(expected).join(', ')}}`,
        );
      }
    }
  }
  return problems;
}

function* componentFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') yield* componentFiles(path);
    } else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) yield path;
  }
}

/** Every problem under the repository `root`, as lines to print. */
export function checkI18n(root) {
  const problems = [];
  const catalogDir = join(root, 'apps/web/src/lib/i18n/messages');
  const catalogs = {};
  for (const file of readdirSync(catalogDir).filter((f) => f.endsWith('.json'))) {
    catalogs[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(catalogDir, file), 'utf8'));
  }
  for (const problem of compareCatalogs(catalogs)) problems.push(`catalogs: ${problem}`);
  const bffCatalogDir = join(root, 'apps/bff/src/i18n/messages');
  const bffCatalogs = {};
  for (const file of readdirSync(bffCatalogDir).filter((f) => f.endsWith('.json'))) {
    bffCatalogs[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(bffCatalogDir, file), 'utf8'));
  }
  for (const problem of compareCatalogs(bffCatalogs)) problems.push(`BFF catalogs: ${problem}`);
  for (const path of componentFiles(join(root, 'apps/web/src'))) {
    const file = relative(root, path).split(sep).join('/');
    for (const { line, text, where } of literalStrings(readFileSync(path, 'utf8'), file)) {
      problems.push(`${file}:${line} renders the literal ${where === 'text' ? 'text' : where} "${text}"`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkI18n(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `${problems.length} translation problem${problems.length === 1 ? '' : 's'}: see docs/decisions/0170`,
    );
    process.exit(1);
  }
}
