import { useT } from '../lib/i18n/use-t.tsx';
import type { Theme } from '../lib/theme.ts';
import { Button } from './button.tsx';
import { MoonIcon, SunIcon } from './icons.tsx';

export interface ThemeToggleProps {
  theme: Theme;
  onChange: (theme: Theme) => void;
}

/** A toggle button with a fixed name ("Dark theme") whose pressed state says whether it is on. */
export function ThemeToggle({ theme, onChange }: ThemeToggleProps) {
  const t = useT();
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      aria-label={t('ui.themeToggle.darkTheme')}
      aria-pressed={dark}
      title={dark ? t('ui.themeToggle.switchToLightTheme') : t('ui.themeToggle.switchToDarkTheme')}
      onClick={() => onChange(dark ? 'light' : 'dark')}
      icon={dark ? <MoonIcon /> : <SunIcon />}
    />
  );
}
