import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Text } from 'react-aria-components/Text';
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';
import { useT } from '../lib/i18n/use-t.tsx';
import { AriaLocale } from './aria-locale.tsx';
import { Button, buttonClasses } from './button.tsx';
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
 * A transient message at the bottom of the screen with one optional action: React Aria's toast, an alert dialog in a
 * landmark region, so screen readers read the message when it appears (do not announce it again). Shown while it is
 * rendered; it calls `onDismiss` when its time runs out or its close button is pressed.
 */
export function Toast({ message, action, durationMs = 6000, onDismiss }: ToastProps) {
  const t = useT();
  const [queue] = useState(() => new ToastQueue<null>());
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    let shown = true;
    const key = queue.add(null, { timeout: durationMs, onClose: () => shown && dismiss.current() });
    // Taken away by its owner (another toast replaced it): no dismissal to report.
    return () => {
      shown = false;
      queue.close(key);
    };
  }, [queue, durationMs]);

  return (
    <AriaLocale>
      <ToastRegion
        queue={queue}
        aria-label={t('ui.toast.notice')}
        className="fixed right-4 bottom-4 z-50 max-w-md"
      >
        {({ toast }) => (
          <AriaToast
            toast={toast}
            data-testid="toast"
            className={cardClasses(
              'raised',
              'flex items-center gap-3 py-2 pr-2 pl-4 text-sm text-ink shadow-lg',
            )}
          >
            <ToastContent className="min-w-0 flex-1">
              <Text slot="title">{message}</Text>
            </ToastContent>
            {action ? <ToastAction {...action} /> : null}
            <AriaButton
              slot="close"
              aria-label={t('ui.toast.dismiss')}
              className={buttonClasses('ghost', 'sm', 'aspect-square px-0')}
            >
              <CloseIcon />
            </AriaButton>
          </AriaToast>
        )}
      </ToastRegion>
    </AriaLocale>
  );
}

/** The toast's action, focused when it appears. */
function ToastAction({ label, onAction, pending }: NonNullable<ToastProps['action']>) {
  const button = useRef<HTMLButtonElement>(null);
  // After the toast's own effect has started its clock (the toast's effects run after this one), so that the focus
  // arriving in the region stops it.
  useEffect(() => queueMicrotask(() => button.current?.focus()), []);
  return (
    <Button ref={button} size="sm" pending={pending} onClick={onAction}>
      {label}
    </Button>
  );
}
