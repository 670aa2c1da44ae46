// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';

afterEach(() => vi.restoreAllMocks());

describe('the dashboard’s modules', () => {
  it('translate nothing while they are imported: every word is read in the language active when it is shown', async () => {
    const read = vi.spyOn(i18n, '_');
    // Every module of the app but its entry (which renders) and the tests; loading them runs their top level.
    const modules = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../main.tsx']);
    for (const load of Object.values(modules)) await load();
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(read.mock.calls.map(([id]) => id)).toEqual([]);
  });
});
