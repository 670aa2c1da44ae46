import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '../lib/class-names.ts';
import { controlClasses, Field } from './field.tsx';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text control, styled like the other fields. */
export function TextareaField({ label, hint, error, className, rows = 3, ...props }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          rows={rows}
          className={cx(controlClasses, 'h-auto resize-y py-1.5 leading-5')}
          {...props}
          {...control}
        />
      )}
    </Field>
  );
}
