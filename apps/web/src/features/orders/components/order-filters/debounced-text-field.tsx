import { useEffect, useState } from 'react';
import { TextField } from '../../../../ui/text-field.tsx';
import { cleanList } from '../../model/search-edits.ts';

/** A text filter that applies a moment after typing stops, and only once it matches `pattern`. */
export function DebouncedTextField({
  label,
  hint,
  value,
  onCommit,
  maxLength,
  pattern,
}: {
  label: string;
  hint?: string;
  value: string;
  onCommit: (value: string) => void;
  maxLength?: number;
  pattern?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = !pattern || new RegExp(`^${pattern}$`).test(text.trim());
  useEffect(() => {
    if (text.trim() === value || !valid) return;
    const timer = setTimeout(() => onCommit(cleanList(text)), 400);
    return () => clearTimeout(timer);
  }, [text, value, onCommit, valid]);
  return (
    <TextField
      label={label}
      hint={hint}
      error={valid ? undefined : 'Use lower-case words separated by commas'}
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
