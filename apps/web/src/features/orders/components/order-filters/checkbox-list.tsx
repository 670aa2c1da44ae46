import { Checkbox } from '../../../../ui/checkbox.tsx';
import { toggleListValue } from '../../model/search-edits.ts';

/** A list filter as checkboxes: the values checked are the list. */
export function CheckboxList({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-col">
      <legend className="px-2 pb-1 text-xs font-medium text-muted">{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={selected.includes(option.value)}
          onChange={(event) => onChange(toggleListValue(selected, option.value, event.target.checked))}
        />
      ))}
    </fieldset>
  );
}
