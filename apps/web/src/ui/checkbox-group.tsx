import { type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export interface CheckboxOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

/**
 * A labelled choice of any among a few, each option a native checkbox with its label, laid out as `RadioGroup` lays
 * out its radios; an error is said under the options and read with the group.
 */
export function CheckboxGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  row = false,
}: {
  legend: ReactNode;
  name: string;
  options: readonly CheckboxOption<Value>[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  error?: ReactNode;
  row?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-body font-medium text-ink">{legend}</legend>
      <div className={cx('flex', row ? 'flex-wrap gap-x-4 gap-y-1.5' : 'flex-col gap-1.5')}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.value]
                    : value.filter((chosen) => chosen !== option.value),
                )
              }
              className="size-4 accent-(--accent)"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
