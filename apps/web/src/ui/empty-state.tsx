import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { cardClasses } from './card.tsx';
import { InboxIcon } from './icons.tsx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** The next step, e.g. a "Clear filters" button. */
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
  /** Inside a card: one quiet line (and its description) instead of a centred block with an icon. */
  compact?: boolean;
  className?: string;
  children?: ReactNode;
}

export function EmptyState({
  title,
  description,
  icon = <InboxIcon />,
  action,
  headingLevel = 2,
  compact = false,
  className,
  children,
}: EmptyStateProps) {
  if (compact) {
    return (
      <div className={cx('text-muted', className)}>
        <p>{title}</p>
        {description ? <div className="mt-1 text-body">{description}</div> : null}
        {children}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    );
  }
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <div className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div
        className={cardClasses(
          'raised',
          'mb-4 grid size-10 place-items-center text-muted shadow-xs [&>svg]:size-5',
        )}
      >
        {icon}
      </div>
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {description ? <div className="mt-1 max-w-md text-sm text-muted">{description}</div> : null}
      {children}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
