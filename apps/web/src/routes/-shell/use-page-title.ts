import { useMatches } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { translate } from '../../lib/i18n/i18n.ts';
import { useAnnounce } from '../../ui/live-region.tsx';

/** The page's name, from the deepest route that has one (`staticData.titleFor` its address, or `title`). */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  const match = matches.findLast((m) => m.staticData.title || m.staticData.titleFor);
  if (!match) return undefined;
  return match.staticData.titleFor?.(match.params as Record<string, string>) ?? match.staticData.title;
}

/** Keeps document.title in step with the page and tells screen-reader users which page they reached. */
export function usePageAnnouncement(title: string | undefined) {
  const announce = useAnnounce();
  const first = useRef(true);
  useEffect(() => {
    document.title = title ? `${title} · Mostrador` : 'Mostrador';
    if (first.current) {
      first.current = false;
      return;
    }
    if (title) announce(translate('shell.usePageTitle.page', { title }));
  }, [title, announce]);
}
