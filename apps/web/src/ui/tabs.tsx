import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  /** A count shown beside the label (e.g. how many rows the tab holds). */
  count?: number;
}

export interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * ARIA tabs with automatic activation: arrows move and select, Home/End jump to the ends, and only the selected tab
 * is in the Tab order (the panel is the next stop).
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: TabsProps<Id>) {
  const base = useId();
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (next < 0 || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-line"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cx(
                '-mb-px flex h-9 items-center gap-2 border-b-2 px-2.5 text-body font-medium transition-colors',
                active ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink',
              )}
            >
              {tab.label}
              {tab.count !== undefined ? (
                <span className="rounded-full bg-subtle px-1.5 text-caption leading-4 text-muted tabular">
                  {tab.count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="pt-4">
        {children}
      </div>
    </div>
  );
}
