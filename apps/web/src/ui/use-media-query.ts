import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following the window as it resizes (or a phone as it turns). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` (640 px): a phone held upright, where wide tables become lists of cards. */
export const PHONE_QUERY = '(max-width: 639.98px)';
