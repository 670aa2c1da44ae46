import { LANGUAGE_COOKIE, type Language } from '@mostrador/contracts';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

interface Fixtures {
  /** Console errors, uncaught exceptions and CSP violations of the page; the test fails if any happened. */
  pageErrors: string[];
}

interface Options {
  /**
   * The language this browser chose, kept as the dashboard keeps it (the preference cookie the account menu writes);
   * `account` chooses none, so the signed-in account's site (or Accept-Language) decides. The journeys read
   * English unless they say otherwise.
   */
  language: Language | 'account';
}

/** Chooses a language for every page of the context: the cookie the language switcher writes. */
export async function chooseLanguage(context: BrowserContext, language: Language): Promise<void> {
  // Cookies belong to the host, whatever the port: the journeys' own servers on 127.0.0.1 see it too.
  await context.addCookies([
    {
      name: LANGUAGE_COOKIE,
      value: language,
      domain: '127.0.0.1',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

export const test = base.extend<Fixtures & Options>({
  language: ['en', { option: true }],
  context: async ({ context, language }, use) => {
    if (language !== 'account') await chooseLanguage(context, language);
    await use(context);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A violation the page's code caught (a probe for eval, say) logs nothing to the console: the page reports it.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} by ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Presses Tab until the focused element matches `name`, failing after `limit` presses. */
export async function tabTo(page: Page, name: RegExp | string, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Nothing named ${String(name)} was reached with ${limit} Tab presses`);
}

export async function htmlIsDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}
