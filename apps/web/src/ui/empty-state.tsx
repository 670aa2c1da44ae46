import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { InboxIcon } from './icons.tsx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** The next step, e.g. a "Clear filters" button. */
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
  className?: string;
  children?: ReactNode;
}

export function EmptyState({
  title,
  description,
  icon = <InboxIcon />,
  action,
  headingLevel = 2,
  className,
  children,
}: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <div className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-4 grid size-10 place-items-center rounded-lg border border-line bg-surface text-muted shadow-xs [&>svg]:size-5">
        {icon}
      </div>
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {description ? <div className="mt-1 max-w-md text-sm text-muted">{description}</div> : null}
      {children}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
