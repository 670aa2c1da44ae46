import type { Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import { type BffProcess, startBff } from './servers.ts';

/**
 * A server for one spec file alone, for journeys that change shared demo data (the simulator, blocks): started
 * before the file's journeys with generous limits, stopped after them. Call at the top of the file.
 */
export function ownServer(env: Record<string, string> = {}): () => BffProcess {
  let bff: BffProcess | undefined;
  test.beforeAll(async () => {
    bff = await startBff({
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNIN_LIMIT_PER_15_MINUTES: '100000',
      INVALID_REQUESTS_BEFORE_BLOCK: '0',
      ...env,
    });
  });
  test.afterAll(async () => {
    await bff?.stop();
  });
  return () => {
    if (!bff) throw new Error('the server starts in beforeAll');
    return bff;
  };
}

/** Signs in through the local sign-in page as a demo account, landing on `returnTo`. */
export async function signInAsDemo(page: Page, baseUrl: string, nickname: string, returnTo: string) {
  await page.goto(`${baseUrl}/bff/login?return_to=${encodeURIComponent(returnTo)}`);
  await page.getByRole('button', { name: new RegExp(`^${nickname} \\(`) }).click();
}
