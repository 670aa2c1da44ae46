import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `open`, Escape anywhere or a press outside `root` dismisses a disclosure (menus, popovers): `onDismiss`
 * gets the event, so a caller can tell the key from the pointer (to return focus, say).
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  onDismiss: (event: KeyboardEvent | MouseEvent) => void,
) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss.current(event);
    };
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss.current(event);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, root]);
}
