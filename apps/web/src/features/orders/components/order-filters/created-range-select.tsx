import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Select } from '../../../../ui/select.tsx';
import type { OrderListSearch } from '../../model/order-search.ts';
import { DATE_PRESETS, type DatePresetId, presetRange } from '../../model/order-search-dates.ts';
import { dateRangeMode, type SearchPatch } from '../../model/search-edits.ts';

/** The creation-date presets in the toolbar; custom ranges live in "More filters". */
export function CreatedRangeSelect({
  search,
  onChange,
  now,
}: {
  search: OrderListSearch;
  onChange: (patch: SearchPatch) => void;
  now: Date;
}) {
  const t = useT();
  const value = dateRangeMode(search['order.date_created.from'], search['order.date_created.to'], now);
  return (
    <Select
      aria-label={t('orders.createdRangeSelect.created')}
      value={value === 'any' ? '' : value}
      options={[
        { value: '', label: translate('orders.createdRangeSelect.createdAnyTime') },
        ...DATE_PRESETS.map((p) => ({
          value: p.id,
          label: translate(`orders.createdRangeSelect.preset.${p.id}`),
        })),
        { value: 'custom', label: translate('orders.createdRangeSelect.createdCustom'), disabled: true },
      ]}
      onChange={(event) => {
        const next = event.target.value;
        if (next === '')
          onChange({ 'order.date_created.from': undefined, 'order.date_created.to': undefined });
        else if (next !== 'custom') {
          const range = presetRange(next as DatePresetId, now);
          onChange({ 'order.date_created.from': range.from, 'order.date_created.to': range.to });
        }
      }}
    />
  );
}
