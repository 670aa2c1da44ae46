import {
  DELIVERY_CASES,
  type DeliveryCase,
  FEEDBACK_RATINGS,
  KNOWN_ORDER_TAGS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@mostrador/contracts';
import { type ReactNode, type RefObject, useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { CloseIcon } from '../../../ui/icons.tsx';
import { Input, TextField } from '../../../ui/input.tsx';
import { Popover } from '../../../ui/popover.tsx';
import { Select, SelectField } from '../../../ui/select.tsx';
import { DELIVERY_CASE_LABELS } from '../model/delivery-outcome.ts';
import {
  activeFilterKeys,
  DATE_FIELDS,
  DATE_PRESETS,
  type DateField,
  type DatePresetId,
  dateKeys,
  dayBound,
  dayOf,
  joinList,
  listOf,
  type OrderListSearch,
  presetOf,
  presetRange,
} from '../model/order-search.ts';
import { STATUS_LABELS, tagLabel } from './order-status.tsx';

export type SearchPatch = Partial<Record<keyof OrderListSearch, string | undefined>>;

export interface OrderFiltersProps {
  search: OrderListSearch;
  /** Applies a change of filters; the list goes back to its first page. */
  onChange: (patch: SearchPatch) => void;
  searchInput: RefObject<HTMLInputElement | null>;
  now: Date;
  /** Controls shown at the end of the toolbar (views, columns). */
  trailing?: ReactNode;
}

/** The search box: typing waits a moment before searching, Enter searches at once, Escape clears. */
function SearchBox({
  value,
  onCommit,
  inputRef,
}: {
  value: string;
  onCommit: (q: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onCommit(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <div className="relative w-72 max-w-full">
      <Input
        ref={inputRef}
        type="search"
        aria-label="Search orders"
        aria-keyshortcuts="/"
        placeholder="Order, item, buyer nickname…"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text.trim());
          if (event.key === 'Escape' && text) {
            event.stopPropagation();
            setText('');
            onCommit('');
          }
        }}
        className="pr-8"
      />
      <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-line px-1 text-caption text-faint">
        /
      </kbd>
    </div>
  );
}

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((entry) => entry !== value);
}

function CheckboxList({
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
          onChange={(event) => onChange(toggle(selected, option.value, event.target.checked))}
        />
      ))}
    </fieldset>
  );
}

const ANY = '';
const CUSTOM = 'custom';

/** A date range: a preset (today, last 7/30/90 days) or any two days. */
function DateRange({
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
  const [fromKey, toKey] = dateKeys(field);
  const from = search[fromKey];
  const to = search[toKey];
  const preset = presetOf(from, to, now);
  const [custom, setCustom] = useState(false);
  const mode = preset ?? (from || to || custom ? CUSTOM : ANY);
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-body font-medium text-ink">{label}</legend>
      <Select
        aria-label={`${label}: range`}
        value={mode}
        options={[
          { value: ANY, label: 'Any time' },
          ...DATE_PRESETS.map((p) => ({ value: p.id, label: p.label })),
          { value: CUSTOM, label: 'Custom range…' },
        ]}
        onChange={(event) => {
          const value = event.target.value;
          if (value === ANY) {
            setCustom(false);
            onChange({ [fromKey]: undefined, [toKey]: undefined });
          } else if (value === CUSTOM) {
            setCustom(true);
          } else {
            setCustom(false);
            const range = presetRange(value as DatePresetId, now);
            onChange({ [fromKey]: range.from, [toKey]: range.to });
          }
        }}
      />
      {mode === CUSTOM ? (
        <div className="flex items-center gap-1.5">
          <Input
            type="date"
            id={`${id}-from`}
            aria-label={`${label} from`}
            value={dayOf(from)}
            max={dayOf(to) || undefined}
            onChange={(event) => onChange({ [fromKey]: dayBound(event.target.value, false) })}
          />
          <span aria-hidden="true" className="text-faint">
            –
          </span>
          <Input
            type="date"
            aria-label={`${label} to`}
            value={dayOf(to)}
            min={dayOf(from) || undefined}
            onChange={(event) => onChange({ [toKey]: dayBound(event.target.value, true) })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

// Our `delivery.case` search extension (decision 0093): one row of spec 1's table at a time.
const DELIVERY_CASE_OPTIONS = [
  { value: '', label: 'Any delivery' },
  ...DELIVERY_CASES.map((c) => ({ value: c, label: DELIVERY_CASE_LABELS[c] })),
];

const BOOLEAN_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Fulfilled' },
  { value: 'false', label: 'Not fulfilled' },
];

const ratingOptions = FEEDBACK_RATINGS.map((rating) => ({
  value: rating,
  label: rating[0]!.toUpperCase() + rating.slice(1),
}));

/** The toolbar (search, status, creation date, more filters) and the panel with every other parameter of 4.2. */
export function OrderFilters({ search, onChange, searchInput, now, trailing }: OrderFiltersProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const panelId = useId();
  const statuses = listOf(search['order.status']);
  const more = activeFilterKeys(search).filter(
    (key) =>
      !['q', 'order.status', 'order.date_created.from', 'order.date_created.to', 'delivery.case'].includes(
        key,
      ),
  ).length;
  const commitQ = (q: string) => onChange({ q: q || undefined });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search.q ?? ''} onCommit={commitQ} inputRef={searchInput} />
        <Popover
          label={statuses.length ? `Status · ${statuses.length}` : 'Status'}
          ariaLabel={statuses.length ? `Status, ${statuses.length} selected` : 'Status'}
          active={statuses.length > 0}
        >
          <CheckboxList
            legend="Order status"
            options={ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            selected={statuses}
            onChange={(values) => onChange({ 'order.status': joinList(values) })}
          />
        </Popover>
        <div className="w-44">
          <DateRangeSelect search={search} onChange={onChange} now={now} />
        </div>
        <Button
          aria-expanded={moreOpen}
          aria-controls={panelId}
          onClick={() => setMoreOpen((open) => !open)}
          className={more ? 'border-accent/60 text-accent-soft-ink' : undefined}
        >
          More filters{more ? ` · ${more}` : ''}
        </Button>
        {trailing ? <div className="ml-auto flex items-center gap-2">{trailing}</div> : null}
      </div>
      {moreOpen ? (
        <section
          id={panelId}
          aria-label="More filters"
          className="grid grid-cols-1 gap-x-6 gap-y-4 rounded-lg border border-line bg-surface-sunken p-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <DebouncedTextField
            label="Item"
            hint="Item id or title"
            value={search.item ?? ''}
            maxLength={120}
            onCommit={(item) => onChange({ item: item || undefined })}
          />
          <TagPicker label="With tags" value={search.tags} onChange={(tags) => onChange({ tags })} />
          <TagPicker
            label="Without tags"
            value={search['tags.not']}
            onChange={(tags) => onChange({ 'tags.not': tags })}
          />
          {DATE_FIELDS.map((field) => (
            <DateRange
              key={field.id}
              field={field.id}
              label={field.label}
              search={search}
              onChange={onChange}
              now={now}
            />
          ))}
          <DebouncedTextField
            label="Feedback status"
            hint="pending, waiting_seller, waiting_buyer or complete (comma-separated)"
            value={search['feedback.status'] ?? ''}
            pattern="[a-z_,]*"
            onCommit={(value) => onChange({ 'feedback.status': value || undefined })}
          />
          <CheckboxList
            legend="Feedback given by you as seller"
            options={ratingOptions}
            selected={listOf(search['feedback.sale.rating'])}
            onChange={(values) => onChange({ 'feedback.sale.rating': joinList(values) })}
          />
          <CheckboxList
            legend="Feedback given by the buyer"
            options={ratingOptions}
            selected={listOf(search['feedback.purchase.rating'])}
            onChange={(values) => onChange({ 'feedback.purchase.rating': joinList(values) })}
          />
          <div className="flex flex-col gap-3">
            <SelectField
              label="Seller says"
              value={search['feedback.sale.fulfilled'] ?? ''}
              options={BOOLEAN_OPTIONS}
              onChange={(event) => onChange({ 'feedback.sale.fulfilled': event.target.value || undefined })}
            />
            <SelectField
              label="Buyer says"
              value={search['feedback.purchase.fulfilled'] ?? ''}
              options={BOOLEAN_OPTIONS}
              onChange={(event) =>
                onChange({ 'feedback.purchase.fulfilled': event.target.value || undefined })
              }
            />
          </div>
          <SelectField
            label="If cancelled or charged back"
            hint="Delivery and proof decide the outcome"
            value={search['delivery.case'] ?? ''}
            options={DELIVERY_CASE_OPTIONS}
            onChange={(event) => onChange({ 'delivery.case': event.target.value || undefined })}
          />
          <DebouncedTextField
            label="Mediation stage"
            hint="e.g. claim, dispute (comma-separated)"
            value={search['mediations.stage'] ?? ''}
            pattern="[a-z_,]*"
            onCommit={(value) => onChange({ 'mediations.stage': value || undefined })}
          />
          <DebouncedTextField
            label="Mediation status"
            hint="e.g. opened, closed (comma-separated)"
            value={search['mediations.status'] ?? ''}
            pattern="[a-z_,]*"
            onCommit={(value) => onChange({ 'mediations.status': value || undefined })}
          />
        </section>
      ) : null}
    </div>
  );
}

/** The creation-date presets in the toolbar; custom ranges live in "More filters". */
function DateRangeSelect({
  search,
  onChange,
  now,
}: {
  search: OrderListSearch;
  onChange: (patch: SearchPatch) => void;
  now: Date;
}) {
  const from = search['order.date_created.from'];
  const to = search['order.date_created.to'];
  const preset = presetOf(from, to, now);
  const value = preset ?? (from || to ? CUSTOM : ANY);
  return (
    <Select
      aria-label="Created"
      value={value}
      options={[
        { value: ANY, label: 'Created: any time' },
        ...DATE_PRESETS.map((p) => ({ value: p.id, label: `Created: ${p.label.toLowerCase()}` })),
        { value: CUSTOM, label: 'Created: custom', disabled: true },
      ]}
      onChange={(event) => {
        const next = event.target.value;
        if (next === ANY)
          onChange({ 'order.date_created.from': undefined, 'order.date_created.to': undefined });
        else if (next !== CUSTOM) {
          const range = presetRange(next as DatePresetId, now);
          onChange({ 'order.date_created.from': range.from, 'order.date_created.to': range.to });
        }
      }}
    />
  );
}

function DebouncedTextField({
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
    const timer = setTimeout(() => onCommit(text.trim().replace(/^,+|,+$/g, '')), 400);
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

function TagPicker({
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

const KEY_LABELS: Record<string, string> = {
  q: 'Search',
  item: 'Item',
  tags: 'With tags',
  'tags.not': 'Without tags',
  'order.status': 'Status',
  'order.date_created.from': 'Created from',
  'order.date_created.to': 'Created to',
  'order.date_closed.from': 'Confirmed from',
  'order.date_closed.to': 'Confirmed to',
  'order.date_last_updated.from': 'Updated from',
  'order.date_last_updated.to': 'Updated to',
  'mediations.stage': 'Mediation stage',
  'mediations.status': 'Mediation status',
  'feedback.status': 'Feedback status',
  'feedback.sale.rating': 'Your rating',
  'feedback.purchase.rating': 'Buyer rating',
  'feedback.sale.fulfilled': 'Seller says fulfilled',
  'feedback.purchase.fulfilled': 'Buyer says fulfilled',
  'delivery.case': 'If cancelled or charged back',
};

function chipValue(key: string, value: string, locale: string): string {
  if (key.startsWith('order.date_')) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(locale, { dateStyle: 'medium' });
  }
  if (key === 'order.status')
    return listOf(value)
      .map((s) => STATUS_LABELS[s as OrderStatus] ?? s)
      .join(', ');
  if (key === 'tags' || key === 'tags.not') return listOf(value).map(tagLabel).join(', ');
  if (key === 'delivery.case')
    return listOf(value)
      .map((c) => DELIVERY_CASE_LABELS[c as DeliveryCase] ?? c)
      .join(', ');
  return value.replaceAll(',', ', ');
}

/** The filters in effect as removable chips, and a way to clear them all. */
export function ActiveFilters({
  search,
  onChange,
  locale,
}: {
  search: OrderListSearch;
  onChange: (patch: SearchPatch) => void;
  locale: string;
}) {
  const keys = activeFilterKeys(search);
  if (keys.length === 0) return null;
  return (
    <ul aria-label="Filters in effect" className="flex flex-wrap items-center gap-1.5">
      {keys.map((key) => (
        <li key={key}>
          <span className="inline-flex h-6 items-center gap-1 rounded-full border border-line bg-surface pr-0.5 pl-2.5 text-xs text-ink">
            <span className="text-muted">{KEY_LABELS[key] ?? key}:</span>
            <span className="max-w-48 truncate font-medium">
              {chipValue(key, String(search[key as keyof OrderListSearch]), locale)}
            </span>
            <button
              type="button"
              aria-label={`Remove filter ${KEY_LABELS[key] ?? key}`}
              onClick={() => onChange({ [key]: undefined })}
              className="grid size-5 place-items-center rounded-full text-faint hover:bg-subtle hover:text-ink"
            >
              <CloseIcon className="size-3" />
            </button>
          </span>
        </li>
      ))}
      <li>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange(Object.fromEntries(keys.map((key) => [key, undefined])))}
        >
          Clear all
        </Button>
      </li>
    </ul>
  );
}
