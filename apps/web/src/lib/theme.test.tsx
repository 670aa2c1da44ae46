// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, useTheme } from './theme.ts';

/** The system's colour preference, which the test flips as a person's settings (or a browser's emulation) would. */
function systemPreference(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return state.dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    /** Changes the preference; `tell` false changes it without an event, as one missed before a listener was added. */
    set(next: boolean, tell = true) {
      state.dark = next;
      if (!tell) return;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('useTheme', () => {
  it('follows the system preference, including a change made before it started listening', () => {
    const system = systemPreference(true);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      const theme = useTheme();
      // The preference changes between the first render, which read it, and the effects that subscribe to it.
      if (renders === 1) system.set(false, false);
      return theme;
    });
    expect(result.current.theme).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    system.set(true);
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('keeps the seller’s choice over the system preference, and stores it', () => {
    const system = systemPreference(false);
    const { result } = renderHook(() => useTheme());
    act(() => result.current.setTheme('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    system.set(false);
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
