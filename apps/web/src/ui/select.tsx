import type { Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../lib/class-names.ts';
import { controlClasses } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (keyboard and screen-reader behaviour for free), styled like the other controls. */
export function Select({ options, className, ...props }: SelectProps) {
  return (
    <div className={cx('relative', className)}>
      <select className={cx(controlClasses, 'cursor-pointer appearance-none pr-8')} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
