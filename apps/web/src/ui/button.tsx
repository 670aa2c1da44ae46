import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../lib/class-names.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md font-medium ' +
  'transition-colors duration-100 select-none disabled:cursor-not-allowed disabled:opacity-50 ' +
  '[&>svg]:size-4 [&>svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-ink shadow-xs hover:bg-accent-hover',
  secondary: 'border border-line-strong bg-surface text-ink shadow-xs hover:bg-subtle',
  ghost: 'text-muted hover:bg-subtle hover:text-ink',
  danger: 'bg-danger text-white shadow-xs hover:opacity-90 dark:text-canvas',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-7 px-2.5 text-body',
  md: 'h-8 px-3 text-sm',
};

/** Class names of a button, for links and other elements that must look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cx(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks repeat presses. */
  pending?: boolean;
  /** An icon-only button must still have a name: pass `aria-label`. */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  pending = false,
  icon,
  className,
  children,
  type = 'button',
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, cx(!children && 'aspect-square px-0', className))}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner /> : icon}
      {children}
    </button>
  );
}

function Spinner() {
  return (
    <svg viewBox="0 0 24 24" className="animate-spin motion-reduce:animate-none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
