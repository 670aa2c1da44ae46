import { type ReactNode, useRef, useState } from 'react';
import { useInteractOutside } from 'react-aria/useInteractOutside';
import { Button } from 'react-aria-components/Button';
import { Dialog, DialogTrigger } from 'react-aria-components/Dialog';
import { Popover as AriaPopover } from 'react-aria-components/Popover';
import { cx } from '../lib/class-names.ts';
import { AriaLocale } from './aria-locale.tsx';
import { buttonClasses } from './button.tsx';
import { cardClasses } from './card.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface PopoverProps {
  /** The trigger's content; it is a button with `aria-expanded`. */
  label: ReactNode;
  /** Names the trigger when its content is not enough (e.g. "Status, 2 selected"). */
  ariaLabel?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'start' | 'end';
  panelClassName?: string;
  active?: boolean;
}

/**
 * A panel under its button (React Aria's dialog trigger, popover and dialog), for filter pickers and menus of
 * checkboxes. Focus moves into it; Escape, a press elsewhere or focus leaving it closes it, and focus returns to the
 * button. It is not modal: what it changes (the list behind it) stays readable, and the app's live region is heard,
 * while it is open.
 */
export function Popover({
  label,
  ariaLabel,
  children,
  align = 'start',
  panelClassName,
  active,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // A non-modal popover leaves presses outside to its owner; the trigger's own press toggles it.
  useInteractOutside({
    ref: panel,
    isDisabled: !open,
    onInteractOutside: (event) => {
      if (!trigger.current?.contains(event.target as Node)) setOpen(false);
    },
  });
  return (
    <AriaLocale>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button
          ref={trigger}
          aria-label={ariaLabel}
          className={buttonClasses('secondary', 'md', cx(active && 'border-accent/60 text-accent-soft-ink'))}
        >
          {label}
          <ChevronDownIcon className="size-3.5 opacity-70" />
        </Button>
        <AriaPopover
          ref={panel}
          isNonModal
          placement={align === 'end' ? 'bottom end' : 'bottom start'}
          offset={4}
          className={cardClasses('raised', cx('z-40 min-w-56 p-2 text-body shadow-lg', panelClassName))}
        >
          <Dialog className="outline-none">
            {({ close }) => (typeof children === 'function' ? children(close) : children)}
          </Dialog>
        </AriaPopover>
      </DialogTrigger>
    </AriaLocale>
  );
}
