import type { Page } from '@playwright/test';

/** Starts (20 changes a second) or stops the demo simulator from inside the page, as its header control does. */
export function simulate(page: Page, method: 'POST' | 'DELETE'): Promise<number> {
  return page.evaluate(
    (method) =>
      fetch('/bff/simulator', {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
        body: method === 'POST' ? JSON.stringify({ rate: 20 }) : undefined,
      }).then((res) => res.status),
    method,
  );
}
