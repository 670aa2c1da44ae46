import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface RadioOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

/** A labelled choice of one among a few, each option a native radio with its label; laid out in a row or a column. */
export function RadioGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  row = false,
}: {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  row?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-body font-medium text-ink">{legend}</legend>
      <div className={cx('flex', row ? 'flex-wrap gap-4' : 'flex-col gap-1.5')}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-(--accent)"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
