import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../lib/i18n/use-t.tsx';
import { Button } from './button.tsx';
import { cardClasses } from './card.tsx';
import { CloseIcon } from './icons.tsx';

export interface ToastProps {
  message: ReactNode;
  /** E.g. an Undo: it gets focus when the toast appears, so keyboard users can reach it at once. */
  action?: { label: string; onAction: () => void; pending?: boolean };
  /** How long the toast stays; the clock stops while the pointer or focus is on it. */
  durationMs?: number;
  onDismiss: () => void;
}

/**
 * A transient message at the bottom of the screen with one optional action. Announce the message through the
 * live region as well: the toast itself is not a live region, so it is never read twice.
 */
export function Toast({ message, action, durationMs = 6000, onDismiss }: ToastProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const left = useRef(durationMs);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const started = useRef(0);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const start = () => {
      started.current = Date.now();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => dismiss.current(), left.current);
    };
    const stop = () => {
      clearTimeout(timer.current);
      left.current = Math.max(1500, left.current - (Date.now() - started.current));
    };
    const element = root.current;
    start();
    element?.addEventListener('pointerenter', stop);
    element?.addEventListener('pointerleave', start);
    element?.addEventListener('focusin', stop);
    element?.addEventListener('focusout', start);
    actionButton.current?.focus();
    return () => {
      clearTimeout(timer.current);
      element?.removeEventListener('pointerenter', stop);
      element?.removeEventListener('pointerleave', start);
      element?.removeEventListener('focusin', stop);
      element?.removeEventListener('focusout', start);
    };
  }, []);

  return (
    <section
      ref={root}
      aria-label={t('ui.toast.notice')}
      data-testid="toast"
      className={cardClasses(
        'raised',
        'fixed right-4 bottom-4 z-50 flex max-w-md items-center gap-3 py-2 pr-2 pl-4 text-sm text-ink shadow-lg',
      )}
    >
      <div className="min-w-0 flex-1">{message}</div>
      {action ? (
        <Button ref={actionButton} size="sm" pending={action.pending} onClick={action.onAction}>
          {action.label}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('ui.toast.dismiss')}
        icon={<CloseIcon />}
        onClick={onDismiss}
      />
    </section>
  );
}
