import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox with its label; the whole row is the click target. */
export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label
      className={cx(
        'flex h-7 cursor-pointer items-center gap-2 rounded-md px-2 text-body text-ink hover:bg-subtle',
        className,
      )}
    >
      <input type="checkbox" className="size-3.5 accent-(--accent)" {...props} />
      {label}
    </label>
  );
}
