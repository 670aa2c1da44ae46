import { type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  /** Replaces the hint and marks the control invalid. */
  error?: ReactNode;
  /** Keep the label for screen readers only (e.g. a search box next to a visible heading). */
  labelHidden?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error wired together with ids, so every control has a name and description. */
export function Field({ label, hint, error, labelHidden, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const description = error ?? hint;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cx('text-body font-medium text-ink', labelHidden && 'sr-only')}>
        {label}
      </label>
      {children({
        id,
        ...(description ? { 'aria-describedby': descriptionId } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {description ? (
        <p id={descriptionId} className={cx('text-xs', error ? 'text-danger' : 'text-muted')}>
          {description}
        </p>
      ) : null}
    </div>
  );
}

export const controlClasses =
  'h-8 w-full min-w-0 rounded-md border border-line-strong bg-surface px-2.5 text-sm text-ink shadow-xs ' +
  'placeholder:text-faint transition-colors hover:border-faint ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger';
