import { type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

/** The surface every panel of a workspace sits on. */
export const cardClasses = 'rounded-lg border border-line bg-surface';

/**
 * A titled panel: a region named by its heading, with actions beside the title. Without a title, the bare surface.
 */
export function Card({
  title,
  actions,
  children,
  className,
  bodyClassName = 'px-4 py-3 text-body',
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  const id = useId();
  if (title === undefined) return <div className={cx(cardClasses, className)}>{children}</div>;
  return (
    <section aria-labelledby={id} className={cx(cardClasses, className)}>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 id={id} className="text-body font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
