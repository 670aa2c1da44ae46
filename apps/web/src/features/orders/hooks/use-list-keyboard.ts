import { type RefObject, useEffect, useState } from 'react';

export interface ListKeyboardOptions {
  /** The table's container: rows carry `data-row-index`, each with one `[data-order-link]`. */
  container: RefObject<HTMLElement | null>;
  rowCount: number;
  searchInput: RefObject<HTMLInputElement | null>;
  onNextPage?: () => void;
  onPreviousPage?: () => void;
  onHelp?: () => void;
  /** `x`: select or let go of the active row. */
  onToggle?: (index: number) => void;
}

const isTyping = (target: EventTarget | null) => {
  const element = target as HTMLElement | null;
  if (!element) return false;
  const tag = element.tagName;
  // A row's checkbox has the focus after a click on it: the list's keys still apply there.
  if (tag === 'INPUT' && ['checkbox', 'radio'].includes((element as HTMLInputElement).type)) return false;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable;
};

/**
 * Keyboard-only use of a list: j/↓ and k/↑ move between rows (focusing each row's link, so Enter opens it),
 * `x` selects the active row, `/` focuses the search box, `]`/`[` change page, `?` shows the shortcuts. Keys typed in a field are the field's.
 */
export function useListKeyboard({
  container,
  rowCount,
  searchInput,
  onNextPage,
  onPreviousPage,
  onHelp,
  onToggle,
}: ListKeyboardOptions) {
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (active >= rowCount) setActive(rowCount - 1);
  }, [active, rowCount]);

  useEffect(() => {
    const focusRow = (index: number) => {
      const link = container.current?.querySelector<HTMLElement>(
        `[data-row-index="${index}"] [data-order-link]`,
      );
      link?.focus();
      link?.closest('tr')?.scrollIntoView({ block: 'nearest' });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const move = (delta: number) => {
        if (rowCount === 0) return;
        event.preventDefault();
        // From outside the list, the first move lands on the row last used (or the first).
        const inside = container.current?.contains(document.activeElement);
        const from = active < 0 ? -1 : active;
        const next = !inside && from >= 0 ? from : Math.min(rowCount - 1, Math.max(0, from + delta));
        setActive(next);
        focusRow(next);
      };
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          move(1);
          break;
        case 'k':
        case 'ArrowUp':
          move(-1);
          break;
        case '/':
          event.preventDefault();
          searchInput.current?.focus();
          searchInput.current?.select();
          break;
        case ']':
          onNextPage?.();
          break;
        case '[':
          onPreviousPage?.();
          break;
        case '?':
          onHelp?.();
          break;
        case 'x':
          if (active >= 0 && active < rowCount && onToggle) {
            event.preventDefault();
            onToggle(active);
          }
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, rowCount, container, searchInput, onNextPage, onPreviousPage, onHelp, onToggle]);

  return { active, setActive };
}
