import { type RefObject, useEffect, useState } from 'react';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Input } from '../../../../ui/input.tsx';

/** The search box: typing waits a moment before searching, Enter searches at once, Escape clears. */
export function SearchBox({
  value,
  onCommit,
  inputRef,
}: {
  value: string;
  onCommit: (q: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onCommit(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <div className="relative w-72 max-w-full">
      <Input
        ref={inputRef}
        type="search"
        aria-label={t('orders.searchBox.searchOrders')}
        aria-keyshortcuts="/"
        placeholder={t('orders.searchBox.orderItemBuyerNickname')}
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text.trim());
          if (event.key === 'Escape' && text) {
            event.stopPropagation();
            setText('');
            onCommit('');
          }
        }}
        className="pr-8"
      />
      <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-line px-1 text-caption text-faint">
        /
      </kbd>
    </div>
  );
}
