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
  // Messages announced within the same 50 ms are read together, in order: a later one (a list's new count after the
  // clock moved) must not silence the earlier one (the clock's confirmation).
  const pending = useRef<string[]>([]);

  const announce = useCallback<Announce>((next) => {
    // Clearing first makes a repeated message ("Saved", "Saved") be read again.
    setMessage('');
    clearTimeout(timer.current);
    if (!pending.current.includes(next)) pending.current.push(next);
    timer.current = setTimeout(() => {
      const messages = pending.current;
      pending.current = [];
      setMessage(
        messages.length === 1
          ? messages[0]!
          : messages.map((m) => (/[.!?…]$/.test(m) ? m : `${m}.`)).join(' '),
      );
    }, 50);
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
