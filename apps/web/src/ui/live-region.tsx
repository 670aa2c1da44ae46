import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce | null>(null);

/**
 * One polite live region for the whole app: `useAnnounce()('3 orders updated')` tells screen-reader users about
 * changes they cannot see (results loaded, page changed, item saved) without stealing focus.
 */
export function LiveRegionProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const announce = useCallback<Announce>((next) => {
    // Clearing first makes a repeated message ("Saved", "Saved") be read again.
    setMessage('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(next), 50);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <AnnounceContext value={announce}>
      {children}
      <LiveRegion message={message} />
    </AnnounceContext>
  );
}

/** The polite region itself; render it once (the provider does) and keep it in the DOM from the first paint. */
export function LiveRegion({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      {message}
    </div>
  );
}

export function useAnnounce(): Announce {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error('useAnnounce must be used inside <LiveRegionProvider>');
  return announce;
}
