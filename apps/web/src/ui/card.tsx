import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export type CardSurface = 'raised' | 'sunken';

/**
 * The surface every panel of the app sits on (cards, menus, popovers, tables): raised panels on the surface colour,
 * sunken ones (a filter panel, a trail) a shade below it. The one place these classes are written.
 */
export function cardClasses(surface: CardSurface = 'raised', className?: string): string {
  return cx(
    'rounded-lg border border-line',
    surface === 'raised' ? 'bg-surface' : 'bg-surface-sunken',
    className,
  );
}

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Names the card: a heading the card's region is labelled by. Without one, the bare surface. */
  title?: ReactNode;
  /** Beside the title (a control that acts on the card's content). */
  actions?: ReactNode;
  /**
   * `bar` (the default): the title in a bar over the body. `inline`: the title opens a padded body, as on the
   * account page's panels.
   */
  heading?: 'bar' | 'inline';
  surface?: CardSurface;
  bodyClassName?: string;
  /** The heading's id, when a control inside the card is named by it. */
  headingId?: string;
}

/** A panel: a region named by its heading, with actions beside the title. Without a title, the bare surface. */
export function Card({
  title,
  actions,
  heading = 'bar',
  surface = 'raised',
  children,
  className,
  bodyClassName,
  headingId,
  ...rest
}: CardProps) {
  const generated = useId();
  const id = headingId ?? generated;
  const classes = cardClasses(surface, className);
  if (title === undefined) {
    const named = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    return named ? (
      <section {...rest} className={classes}>
        {children}
      </section>
    ) : (
      <div {...rest} className={classes}>
        {children}
      </div>
    );
  }
  if (heading === 'inline') {
    return (
      <section {...rest} aria-labelledby={id} className={cx(classes, 'p-4 shadow-xs')}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={id} className="text-sm font-semibold text-ink">
            {title}
          </h2>
          {actions}
        </div>
        <div className={bodyClassName}>{children}</div>
      </section>
    );
  }
  return (
    <section {...rest} aria-labelledby={id} className={classes}>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 id={id} className="text-body font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      <div className={bodyClassName ?? 'px-4 py-3 text-body'}>{children}</div>
    </section>
  );
}
