import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, DISABLE_FEATURES_ARG, PLAYWRIGHT_DISABLED_FEATURES } from './launch.ts';

const featuresOf = (args: readonly string[]) =>
  args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the Chromium the journeys and the browser benchmark start', () => {
  it('keeps every feature Playwright turns off, in the one --disable-features Chromium reads (the last)', async () => {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', DISABLE_FEATURES_ARG],
    });
    try {
      const lists = featuresOf(server.process().spawnargs);
      // Playwright's own list first, ours last: Chromium keeps the last one only.
      expect(lists.length).toBe(2);
      const [playwrights, ours] = [lists[0]!, lists.at(-1)!];
      expect(playwrights.filter((feature) => !ours.includes(feature))).toEqual([]);
      expect(ours).toContain('PreloadTopChromeWebUI');
      expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
    } finally {
      await server.close();
    }
  });

  it('opens a context without a renderer of the window’s own WebUI', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', DISABLE_FEATURES_ARG],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      // The processes the browser names in a trace of a page load in a new context.
      await browser.startTracing(page, { categories: ['__metadata', 'devtools.timeline'] });
      await page.goto('data:text/html,<title>ok</title>');
      await expect.poll(() => page.title()).toBe('ok');
      // The browser idle once: what a new window starts has started.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            (globalThis as unknown as { requestIdleCallback(run: () => void): void }).requestIdleCallback(
              () => resolve(true),
            ),
          ),
      );
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: { ph?: string; name?: string; args?: { name?: string } }[];
      };
      const processes = trace.traceEvents
        .filter((e) => e.ph === 'M' && e.name === 'process_name')
        .map((e) => e.args?.name);
      expect(processes).toContain('Renderer');
      expect(processes).not.toContain('WebUI Top Renderer');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
