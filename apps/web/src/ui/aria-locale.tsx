import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { useLanguage } from '../lib/i18n/use-t.tsx';

/**
 * The React Aria components speak the dashboard's language, not the browser's: the words they bring themselves (the
 * option count a combobox announces, a popover's dismiss button) follow the language chosen in the app.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale={useLanguage()}>{children}</I18nProvider>;
}
