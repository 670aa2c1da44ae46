import { useId, useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Input } from '../../../../ui/input.tsx';
import { Select } from '../../../../ui/select.tsx';
import { type DateField, dateKeys, type OrderListSearch } from '../../model/order-search.ts';
import {
  DATE_PRESETS,
  type DatePresetId,
  dayBound,
  dayOf,
  presetRange,
} from '../../model/order-search-dates.ts';
import { dateRangeMode, isDayRange, type SearchPatch } from '../../model/search-edits.ts';

/**
 * A date range: a preset (today, last 7/30/90 days) or any two days. Two days that make no range (the first after
 * the last) are not applied: they stay in the fields, marked, until one of them changes.
 */
export function DateRange({
  field,
  label,
  search,
  onChange,
  now,
}: {
  field: DateField;
  label: string;
  search: OrderListSearch;
  onChange: (patch: SearchPatch) => void;
  now: Date;
}) {
  const t = useT();
  const [fromKey, toKey] = dateKeys(field);
  const from = search[fromKey];
  const to = search[toKey];
  const [custom, setCustom] = useState(false);
  // Days typed that make no range: shown as typed, applied once they do.
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const mode = dateRangeMode(from, to, now, custom || draft !== null);
  const id = useId();
  const fromDay = draft?.from ?? dayOf(from);
  const toDay = draft?.to ?? dayOf(to);
  const invalid = !isDayRange(fromDay, toDay);

  const typed = (end: 'from' | 'to', day: string) => {
    const days = { from: fromDay, to: toDay, [end]: day };
    if (!isDayRange(days.from, days.to)) {
      setDraft(days);
      return;
    }
    const patch: SearchPatch = { [end === 'from' ? fromKey : toKey]: dayBound(day, end === 'to') };
    // The other day was held back while the two made no range: it applies now as well.
    if (draft) {
      const other = end === 'from' ? 'to' : 'from';
      patch[other === 'from' ? fromKey : toKey] = dayBound(days[other], other === 'to');
    }
    setDraft(null);
    onChange(patch);
  };

  // Each end keeps to its side of the other in the date picker.
  const dayInput = (end: 'from' | 'to') => (
    <Input
      type="date"
      aria-label={`${label} ${end}`}
      value={end === 'from' ? fromDay : toDay}
      {...(end === 'from' ? { max: toDay || undefined } : { min: fromDay || undefined })}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(event) => typed(end, event.target.value)}
    />
  );

  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-body font-medium text-ink">{label}</legend>
      <Select
        aria-label={translate('orders.dateRange.range', { label })}
        value={mode === 'any' ? '' : mode}
        options={[
          { value: '', label: translate('orders.dateRange.anyTime') },
          ...DATE_PRESETS.map((p) => ({ value: p.id, label: p.label })),
          { value: 'custom', label: translate('orders.dateRange.customRange') },
        ]}
        onChange={(event) => {
          const value = event.target.value;
          setDraft(null);
          if (value === '') {
            setCustom(false);
            onChange({ [fromKey]: undefined, [toKey]: undefined });
          } else if (value === 'custom') {
            setCustom(true);
          } else {
            setCustom(false);
            const range = presetRange(value as DatePresetId, now);
            onChange({ [fromKey]: range.from, [toKey]: range.to });
          }
        }}
      />
      {mode === 'custom' ? (
        <div className="flex items-center gap-1.5">
          {dayInput('from')}
          <span aria-hidden="true" className="text-faint">
            –
          </span>
          {dayInput('to')}
        </div>
      ) : null}
      {invalid && mode === 'custom' ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {t('orders.dateRange.theFirstDayIs')}
        </p>
      ) : null}
    </fieldset>
  );
}
