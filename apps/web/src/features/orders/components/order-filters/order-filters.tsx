import { DELIVERY_CASES, FEEDBACK_RATINGS, ORDER_STATUSES } from '@mostrador/contracts';
import { type ReactNode, type RefObject, useId, useState } from 'react';
import {
  feedbackRatingName,
  feedbackStatusName,
  mediationStageName,
  mediationStatusName,
} from '../../../../lib/i18n/code-names.ts';
import { translate, withLabels } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { cardClasses } from '../../../../ui/card.tsx';
import { Popover } from '../../../../ui/popover.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';
import { DELIVERY_CASE_LABELS } from '../../model/delivery-outcome.ts';
import {
  joinList,
  listOf,
  type OrderListSearch,
  reversedDateFields,
  searchText,
} from '../../model/order-search.ts';
import { DATE_FIELDS } from '../../model/order-search-dates.ts';
import { moreFiltersCount, type SearchPatch } from '../../model/search-edits.ts';
import { STATUS_LABELS } from '../order-status/order-labels.ts';
import { CheckboxList } from './checkbox-list.tsx';
import { CreatedRangeSelect } from './created-range-select.tsx';
import { DateRange } from './date-range.tsx';
import { DebouncedTextField } from './debounced-text-field.tsx';
import { SearchBox } from './search-box.tsx';
import { TagPicker } from './tag-picker.tsx';

export interface OrderFiltersProps {
  search: OrderListSearch;
  /** Applies a change of filters; the list goes back to its first page. */
  onChange: (patch: SearchPatch) => void;
  searchInput: RefObject<HTMLInputElement | null>;
  now: Date;
  /** Controls shown at the end of the toolbar (views, columns). */
  trailing?: ReactNode;
}

// Our `delivery.case` search extension (decision 0093): one row of spec 1's table at a time.
const DELIVERY_CASE_OPTIONS = [
  {
    value: '',
    get label() {
      return translate('orders.orderFilters.anyDelivery');
    },
  },
  ...DELIVERY_CASES.map((c) => ({
    value: c,
    get label() {
      return DELIVERY_CASE_LABELS[c];
    },
  })),
];

const BOOLEAN_OPTIONS = withLabels([
  { value: '', label: 'orders.orderFilters.any' },
  { value: 'true', label: 'orders.orderFilters.fulfilled' },
  { value: 'false', label: 'orders.orderFilters.notFulfilled' },
]);

/** Choices of a list filter whose values the search knows, each named by its code in the active language. */
const choices = (values: readonly string[], name: (code: string) => string) =>
  values.map((value) => ({
    value,
    get label() {
      return name(value);
    },
  }));

const ratingOptions = choices(FEEDBACK_RATINGS, feedbackRatingName);
// The platform's values of these filters (the seed's and the spec's examples); the search takes any word.
const feedbackStatusOptions = choices(
  ['pending', 'waiting_buyer', 'waiting_seller', 'complete'],
  feedbackStatusName,
);
const mediationStageOptions = choices(['claim', 'dispute'], mediationStageName);
const mediationStatusOptions = choices(['opened', 'closed'], mediationStatusName);

/** The toolbar (search, status, creation date, more filters) and the panel with every other parameter of 4.2. */
export function OrderFilters({ search, onChange, searchInput, now, trailing }: OrderFiltersProps) {
  const t = useT();
  // A date range that ends before it starts is explained at its field, which lives in this panel.
  const [moreOpen, setMoreOpen] = useState(() => reversedDateFields(search).length > 0);
  const panelId = useId();
  const statuses = listOf(search['order.status']);
  const more = moreFiltersCount(search);
  const choiceList = (
    param: 'feedback.status' | 'mediations.stage' | 'mediations.status',
    legend: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <CheckboxList
      legend={legend}
      options={options}
      selected={listOf(search[param])}
      onChange={(values) => onChange({ [param]: joinList(values) })}
    />
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox
          value={search.q ?? ''}
          onCommit={(q) => onChange({ q: searchText(q) || undefined })}
          inputRef={searchInput}
        />
        <Popover
          label={
            statuses.length
              ? translate('orders.orderFilters.status2', { statusesCount: statuses.length })
              : t('orders.orderFilters.status')
          }
          ariaLabel={
            statuses.length
              ? t('orders.orderFilters.statusSelected', { count: statuses.length })
              : t('orders.orderFilters.status')
          }
          active={statuses.length > 0}
        >
          <CheckboxList
            variant="menu"
            legend={t('orders.orderFilters.orderStatus')}
            options={ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            selected={statuses}
            onChange={(values) => onChange({ 'order.status': joinList(values) })}
          />
        </Popover>
        <div className="w-52">
          <CreatedRangeSelect search={search} onChange={onChange} now={now} />
        </div>
        <Button
          aria-expanded={moreOpen}
          aria-controls={panelId}
          onClick={() => setMoreOpen((open) => !open)}
          className={more ? 'border-accent/60 text-accent-soft-ink' : undefined}
        >
          {more
            ? t('orders.orderFilters.moreFiltersCount', { count: more })
            : t('orders.orderFilters.moreFilters')}
        </Button>
        {trailing ? <div className="ml-auto flex items-center gap-2">{trailing}</div> : null}
      </div>
      {moreOpen ? (
        <section
          id={panelId}
          aria-label={t('orders.orderFilters.moreFilters')}
          className={cardClasses(
            'sunken',
            'grid grid-cols-1 gap-x-6 gap-y-4 p-4 sm:grid-cols-2 lg:grid-cols-4',
          )}
        >
          <DebouncedTextField
            label={t('orders.orderFilters.item')}
            hint={t('orders.orderFilters.itemIdOrTitle')}
            value={search.item ?? ''}
            maxLength={120}
            onCommit={(item) => onChange({ item: item || undefined })}
          />
          <TagPicker
            label={t('orders.orderFilters.withTags')}
            value={search.tags}
            onChange={(tags) => onChange({ tags })}
          />
          <TagPicker
            label={t('orders.orderFilters.withoutTags')}
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
          {choiceList(
            'feedback.status',
            t('orders.orderFilters.feedbackStatusLegend'),
            feedbackStatusOptions,
          )}
          <CheckboxList
            legend={t('orders.orderFilters.sellerFeedbackLegend')}
            options={ratingOptions}
            selected={listOf(search['feedback.sale.rating'])}
            onChange={(values) => onChange({ 'feedback.sale.rating': joinList(values) })}
          />
          <CheckboxList
            legend={t('orders.orderFilters.buyerFeedbackLegend')}
            options={ratingOptions}
            selected={listOf(search['feedback.purchase.rating'])}
            onChange={(values) => onChange({ 'feedback.purchase.rating': joinList(values) })}
          />
          <div className="flex flex-col gap-3">
            <SelectField
              label={t('orders.orderFilters.sellerSays')}
              value={search['feedback.sale.fulfilled'] ?? ''}
              options={BOOLEAN_OPTIONS}
              onChange={(event) => onChange({ 'feedback.sale.fulfilled': event.target.value || undefined })}
            />
            <SelectField
              label={t('orders.orderFilters.buyerSays')}
              value={search['feedback.purchase.fulfilled'] ?? ''}
              options={BOOLEAN_OPTIONS}
              onChange={(event) =>
                onChange({ 'feedback.purchase.fulfilled': event.target.value || undefined })
              }
            />
          </div>
          <SelectField
            label={t('orders.orderFilters.ifCancelledOrCharged')}
            hint={t('orders.orderFilters.deliveryAndProofDecide')}
            value={search['delivery.case'] ?? ''}
            options={DELIVERY_CASE_OPTIONS}
            onChange={(event) => onChange({ 'delivery.case': event.target.value || undefined })}
          />
          {choiceList(
            'mediations.stage',
            t('orders.orderFilters.mediationStageLegend'),
            mediationStageOptions,
          )}
          {choiceList(
            'mediations.status',
            t('orders.orderFilters.mediationStatusLegend'),
            mediationStatusOptions,
          )}
        </section>
      ) : null}
    </div>
  );
}
