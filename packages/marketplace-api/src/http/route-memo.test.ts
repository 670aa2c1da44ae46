import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { RouteMemo } from './route-memo.ts';

/** A router given the routes the API's app gives its own: middleware on every path, a parameter, fixed paths. */
function withRoutes<R extends { add(method: string, path: string, handler: string): void }>(router: R): R {
  router.add('ALL', '/*', 'jsonp');
  router.add('ALL', '/*', 'auth');
  router.add('OPTIONS', '/*', 'describe');
  router.add('GET', '/orders/search', 'search');
  router.add('ALL', '/orders/search', 'search 405');
  router.add('GET', '/orders/:order_id{[^/]*}', 'order');
  router.add('POST', '/users/:user_id/items', 'items');
  router.add('ALL', '/*', '404');
  return router;
}

const PATHS = [
  '/orders/123',
  '/orders/',
  '/orders/search',
  '/users/7/items',
  '/users/7',
  '/',
  '/nothing/here',
];

describe('RouteMemo', () => {
  it('finds what the trie router finds, the first time and again', () => {
    const memo = withRoutes(new RouteMemo<string>());
    const trie = withRoutes(new TrieRouter<string>());
    for (const round of [1, 2]) {
      for (const method of ['GET', 'POST', 'OPTIONS']) {
        for (const path of PATHS) {
          expect(memo.match(method, path), `${method} ${path}, round ${round}`).toEqual(
            trie.match(method, path),
          );
        }
      }
    }
  });

  it('tells paths and methods apart', () => {
    const memo = withRoutes(new RouteMemo<string>());
    const handlers = (method: string, path: string) =>
      memo.match(method, path)[0].map(([handler]) => handler);
    expect(handlers('GET', '/orders/1')).toEqual(['jsonp', 'auth', 'order', '404']);
    expect(memo.match('GET', '/orders/2')[0][2]![1]).toEqual({ order_id: '2' });
    expect(memo.match('GET', '/orders/1')[0][2]![1]).toEqual({ order_id: '1' });
    expect(handlers('POST', '/orders/1')).toEqual(['jsonp', 'auth', '404']);
  });

  it('forgets what it found when a route is added', () => {
    const memo = withRoutes(new RouteMemo<string>());
    expect(memo.match('GET', '/late')[0].map(([handler]) => handler)).toEqual(['jsonp', 'auth', '404']);
    memo.add('GET', '/late', 'late');
    expect(memo.match('GET', '/late')[0].map(([handler]) => handler)).toEqual([
      'jsonp',
      'auth',
      '404',
      'late',
    ]);
  });

  it('matches long paths without keeping them', () => {
    const memo = withRoutes(new RouteMemo<string>());
    const long = `/orders/${'9'.repeat(300)}`;
    expect(memo.match('GET', long)[0][2]![1]).toEqual({ order_id: '9'.repeat(300) });
    expect(memo.match('GET', long)).not.toBe(memo.match('GET', long));
    expect(memo.match('GET', '/orders/1')).toBe(memo.match('GET', '/orders/1'));
  });
});
