import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../lib/class-names.ts';
import { controlClasses } from './field.tsx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A bare text input; give it a label (use `TextField`, or `aria-label` when a visible label is elsewhere). */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cx(controlClasses, className)} {...props} />;
}
