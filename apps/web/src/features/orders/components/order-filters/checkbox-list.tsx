import { useState } from 'react';
import { Checkbox } from '../../../../ui/checkbox.tsx';
import { toggleListValue } from '../../model/search-edits.ts';

/**
 * A list filter as checkboxes: the values checked are the list. The list lives in the URL, which changes a moment after
 * the click; until it does, the boxes show what was clicked (not the old URL), and a second click in that moment adds
 * to the first instead of replacing it.
 */
export function CheckboxList({
  legend,
  options,
  selected,
  onChange,
  variant = 'field',
}: {
  legend: string;
  /**
   * `field`: among the labelled fields of a panel, its legend reads like their labels and its boxes line up with them;
   * `menu`: a menu's small heading over its rows.
   */
  variant?: 'field' | 'menu';
  options: readonly { value: string; label: string }[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const [shown, setShown] = useState(selected);
  const [fromUrl, setFromUrl] = useState(selected.join(','));
  if (selected.join(',') !== fromUrl) {
    setFromUrl(selected.join(','));
    setShown(selected);
  }
  return (
    <fieldset className={variant === 'field' ? '-mx-2 flex flex-col' : 'flex flex-col'}>
      <legend
        className={
          variant === 'field'
            ? 'px-2 pb-1.5 text-body font-medium text-ink'
            : 'px-2 pb-1 text-xs font-medium text-muted'
        }
      >
        {legend}
      </legend>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={shown.includes(option.value)}
          onChange={(event) => {
            const next = toggleListValue(shown, option.value, event.target.checked);
            setShown(next);
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}
