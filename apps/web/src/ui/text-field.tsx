import type { ReactNode } from 'react';
import { Field } from './field.tsx';
import { Input, type InputProps } from './input.tsx';

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelHidden?: boolean;
}

/** A labelled text input, with its hint or error read with it. */
export function TextField({ label, hint, error, labelHidden, className, ...props }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} className={className}>
      {(control) => <Input {...props} {...control} />}
    </Field>
  );
}
