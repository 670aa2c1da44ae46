import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../lib/class-names.ts';
import { controlClasses, Field } from './field.tsx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A bare text input; give it a label (use `TextField`, or `aria-label` when a visible label is elsewhere). */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cx(controlClasses, className)} {...props} />;
}

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelHidden?: boolean;
}

export function TextField({ label, hint, error, labelHidden, className, ...props }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} className={className}>
      {(control) => <Input {...props} {...control} />}
    </Field>
  );
}
