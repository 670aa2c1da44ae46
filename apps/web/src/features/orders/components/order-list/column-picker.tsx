import { Checkbox } from '../../../../ui/checkbox.tsx';
import { Popover } from '../../../../ui/popover.tsx';
import { toggleColumn } from '../../model/saved-views.ts';
import { ORDER_COLUMNS } from './order-columns.tsx';

/** Which of the list's columns are shown; the order link's column always is. */
export function ColumnPicker({
  shown,
  onChange,
}: {
  shown: string[];
  onChange: (columns: string[]) => void;
}) {
  const all = ORDER_COLUMNS.map((column) => column.id);
  return (
    <Popover label="Columns" align="end">
      <fieldset className="flex flex-col">
        <legend className="px-2 pb-1 text-xs font-medium text-muted">Columns shown</legend>
        {ORDER_COLUMNS.filter((column) => !column.fixed).map((column) => (
          <Checkbox
            key={column.id}
            label={column.label}
            checked={shown.includes(column.id)}
            onChange={(event) => onChange(toggleColumn(all, shown, column.id, event.target.checked))}
          />
        ))}
      </fieldset>
    </Popover>
  );
}
