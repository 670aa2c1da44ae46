import { useT } from '../../../../lib/i18n/use-t.tsx';
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
  const t = useT();
  const all = ORDER_COLUMNS.map((column) => column.id);
  return (
    <Popover label={t('orders.columnPicker.columns')} align="end">
      <fieldset className="flex flex-col">
        <legend className="px-2 pb-1 text-xs font-medium text-muted">
          {t('orders.columnPicker.columnsShown')}
        </legend>
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
