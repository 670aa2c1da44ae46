import { type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '../lib/class-names.ts';
import { buttonClasses } from './button.tsx';
import { cardClasses } from './card.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { useDismiss } from './use-dismiss.ts';

export interface PopoverProps {
  /** The trigger's content; it is a button with `aria-expanded`. */
  label: ReactNode;
  /** Names the trigger when its content is not enough (e.g. "Status, 2 selected"). */
  ariaLabel?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'start' | 'end';
  className?: string;
  panelClassName?: string;
  active?: boolean;
}

/**
 * A disclosure whose panel floats under its button: Escape and a click elsewhere close it and focus returns to the
 * button. For filter pickers and menus of checkboxes; not a modal.
 */
export function Popover({
  label,
  ariaLabel,
  children,
  align = 'start',
  className,
  panelClassName,
  active,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useDismiss(open, root, (event) => {
    setOpen(false);
    if (event instanceof KeyboardEvent) {
      event.stopPropagation();
      trigger.current?.focus();
    }
  });

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div ref={root} className={cx('relative', className)}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses('secondary', 'md', cx(active && 'border-accent/60 text-accent-soft-ink'))}
      >
        {label}
        <ChevronDownIcon className="size-3.5 opacity-70" />
      </button>
      {open ? (
        <div
          id={id}
          className={cardClasses(
            'raised',
            cx(
              'absolute top-9 z-40 min-w-56 p-2 text-body shadow-lg',
              align === 'end' ? 'right-0' : 'left-0',
              panelClassName,
            ),
          )}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      ) : null}
    </div>
  );
}
