import type { MessageId } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';

const SHORTCUTS = [
  ['j / ↓', 'orders.keyboardShortcuts.next'],
  ['k / ↑', 'orders.keyboardShortcuts.previous'],
  ['Enter', 'orders.keyboardShortcuts.open'],
  ['x', 'orders.keyboardShortcuts.select'],
  ['/', 'orders.keyboardShortcuts.search'],
  [']  [', 'orders.keyboardShortcuts.page'],
  ['?', 'orders.keyboardShortcuts.toggle'],
] as const satisfies readonly (readonly [string, MessageId])[];

/** The list's keyboard shortcuts, written down behind a disclosure (`?` toggles it too). */
export function KeyboardShortcuts({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <div className="text-xs text-muted">
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        className="rounded underline-offset-2 hover:text-ink hover:underline"
      >
        {t('orders.keyboardShortcuts.keyboardShortcuts')}
      </button>
      {open ? (
        <dl
          className="mt-2 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1"
          aria-label={t('orders.keyboardShortcuts.keyboardShortcuts')}
        >
          {SHORTCUTS.map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-line bg-surface px-1.5 py-0.5 font-mono text-caption text-ink">
                  {keys}
                </kbd>
              </dt>
              <dd>{t(action)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
