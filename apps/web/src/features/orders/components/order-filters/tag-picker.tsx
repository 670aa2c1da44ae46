import { KNOWN_ORDER_TAGS } from '@mostrador/contracts';
import { joinList, listOf } from '../../model/order-search.ts';
import { tagLabel } from '../order-status/order-labels.ts';
import { CheckboxList } from './checkbox-list.tsx';

/** Tags to have (or not): the known ones, and any the URL names besides. */
export function TagPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (tags: string | undefined) => void;
}) {
  const selected = listOf(value);
  const options = [
    ...new Set([...KNOWN_ORDER_TAGS, 'pack_order', 'no_shipping', 'order_has_discount', ...selected]),
  ];
  return (
    <CheckboxList
      legend={label}
      options={options.map((tag) => ({ value: tag, label: tagLabel(tag) }))}
      selected={selected}
      onChange={(values) => onChange(joinList(values))}
    />
  );
}
