import type { ReactNode } from 'react';
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from 'react-aria-components/Tabs';
import { cx } from '../lib/class-names.ts';
import { AriaLocale } from './aria-locale.tsx';

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
 * React Aria's tabs with automatic activation: arrows move and select (wrapping), Home/End jump to the ends, and only
 * the selected tab is in the Tab order. The selection lives with the caller (the URL), so one panel is rendered: the
 * selected tab's.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: TabsProps<Id>) {
  return (
    <AriaLocale>
      <AriaTabs selectedKey={selected} onSelectionChange={(key) => onSelect(key as Id)} className={className}>
        <TabList aria-label={label} className="flex gap-1 border-b border-line">
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              id={tab.id}
              className={({ isSelected }) =>
                cx(
                  '-mb-px flex h-9 cursor-default items-center gap-2 border-b-2 px-2.5 text-body font-medium transition-colors',
                  isSelected ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink',
                )
              }
            >
              {tab.label}
              {tab.count !== undefined ? (
                <span className="rounded-full bg-subtle px-1.5 text-caption leading-4 text-muted tabular">
                  {tab.count}
                </span>
              ) : null}
            </Tab>
          ))}
        </TabList>
        <TabPanel id={selected} className="pt-4">
          {children}
        </TabPanel>
      </AriaTabs>
    </AriaLocale>
  );
}
