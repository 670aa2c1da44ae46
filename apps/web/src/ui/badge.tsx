import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-subtle text-muted ring-line-strong/60',
  accent: 'bg-accent-soft text-accent-soft-ink ring-accent/25',
  success: 'bg-success-soft text-success-soft-ink ring-success-soft-ink/20',
  warning: 'bg-warning-soft text-warning-soft-ink ring-warning-soft-ink/20',
  danger: 'bg-danger-soft text-danger-soft-ink ring-danger-soft-ink/20',
  info: 'bg-info-soft text-info-soft-ink ring-info-soft-ink/20',
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** A small dot before the text; colour is never the only signal, the text always says the state. */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}

/** A compact status label (order status, tags); for filters that can be removed, use a button beside it. */
export function Badge({ tone = 'neutral', dot = false, className, children }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex h-5 items-center gap-1.5 rounded-full px-2 text-xs leading-none font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}
