import type { Theme } from '../lib/theme.ts';
import { Button } from './button.tsx';
import { MoonIcon, SunIcon } from './icons.tsx';

export interface ThemeToggleProps {
  theme: Theme;
  onChange: (theme: Theme) => void;
}

/** A toggle button with a fixed name ("Dark theme") whose pressed state says whether it is on. */
export function ThemeToggle({ theme, onChange }: ThemeToggleProps) {
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => onChange(dark ? 'light' : 'dark')}
      icon={dark ? <MoonIcon /> : <SunIcon />}
    />
  );
}
