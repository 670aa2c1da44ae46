import type { ReactNode } from 'react';
import { Field } from './field.tsx';
import { Select, type SelectProps } from './select.tsx';

export interface SelectFieldProps extends Omit<SelectProps, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelHidden?: boolean;
}

/** A labelled select, with its hint or error read with it. */
export function SelectField({ label, hint, error, labelHidden, className, ...props }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} className={className}>
      {(control) => <Select {...props} {...control} />}
    </Field>
  );
}
