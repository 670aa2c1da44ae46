import { useCallback, useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';

/** Also read by public/theme-init.js, which applies the theme before the first paint. */
export const THEME_STORAGE_KEY = 'mostrador.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
}

/**
 * The current theme: the seller's stored choice, else the system preference (followed live until they choose).
 */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme() ?? systemTheme());

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK_QUERY);
    const follow = () => {
      if (!readStoredTheme()) setThemeState(query.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', follow);
    // A change between the first render and this subscription was not heard: read the preference once now.
    follow();
    return () => query.removeEventListener('change', follow);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode or storage disabled: the choice lasts for this page only.
    }
    setThemeState(next);
  }, []);

  return { theme, setTheme };
}
