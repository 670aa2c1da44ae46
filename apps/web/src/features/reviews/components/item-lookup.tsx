import type { ReviewsView } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { soldItemsQueryOptions } from '../api/get-sold-items.ts';
import { type ItemLookupProblems, lookupView } from '../model/item-lookup.ts';

const NO_PROBLEMS: ItemLookupProblems = { item: false, catalog: false };
/** Ids are typed, not words: no suggestions, no spelling marks. */
const ID_FIELD = { autoComplete: 'off', spellCheck: false } as const;

export interface ItemLookupProps {
  /** The signed-in seller, whose sold items are offered; signed out, the id is typed. */
  seller: { id: number; siteId: string | null } | null;
  view: ReviewsView;
  onViewChange: (next: Partial<ReviewsView>) => void;
}

/** Which item's reviews: one of the seller's sold items, or an item id (and a catalog product) typed in. */
export function ItemLookup({ seller, view, onViewChange }: ItemLookupProps) {
  const t = useT();
  const [item, setItem] = useState(view.item ?? '');
  const [catalog, setCatalog] = useState(view.catalog ?? '');
  const [problems, setProblems] = useState<ItemLookupProblems>(NO_PROBLEMS);
  const sold = useQuery({ ...soldItemsQueryOptions(seller?.id ?? 0), enabled: seller !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const looked = lookupView(item, catalog);
    if ('problems' in looked) {
      setProblems(looked.problems);
      return;
    }
    setProblems(NO_PROBLEMS);
    onViewChange(looked.view);
  };

  return (
    <Card title={t('reviews.itemLookup.item')} heading="inline">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {seller ? (
          <SelectField
            label={t('reviews.itemLookup.fromYourOrders')}
            value={sold.data?.some((entry) => entry.id === view.item) ? view.item : ''}
            disabled={!sold.data || sold.data.length === 0}
            hint={sold.isError ? t('reviews.itemLookup.yourSoldItemsCould') : undefined}
            onChange={(event) => {
              if (!event.target.value) return;
              setItem(event.target.value);
              setCatalog('');
              setProblems(NO_PROBLEMS);
              onViewChange({ item: event.target.value, catalog: undefined, offset: 0 });
            }}
            options={[
              {
                value: '',
                label: sold.isPending
                  ? translate('reviews.itemLookup.loadingYourItems')
                  : sold.data?.length
                    ? translate('reviews.itemLookup.chooseAnItemYou')
                    : translate('reviews.itemLookup.noSoldItemsYet'),
              },
              ...(sold.data ?? []).map((entry) => ({
                value: entry.id,
                label: `${entry.title} · ${entry.id}`,
              })),
            ]}
          />
        ) : null}
        <TextField
          {...ID_FIELD}
          label={t('reviews.itemLookup.itemId')}
          value={item}
          onChange={(event) => setItem(event.target.value)}
          placeholder={t('reviews.itemLookup.mla800031687')}
          error={problems.item ? 'Type an item id: a site code and digits, e.g. MLA800031687.' : undefined}
        />
        <TextField
          {...ID_FIELD}
          label={t('reviews.itemLookup.catalogProductOptional')}
          value={catalog}
          onChange={(event) => setCatalog(event.target.value)}
          placeholder={t('reviews.itemLookup.mla46792131')}
          error={problems.catalog ? 'A catalog product id looks like MLA46792131.' : undefined}
          hint={problems.catalog ? undefined : t('reviews.itemLookup.readsTheReviewsOf')}
        />
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            {t('reviews.itemLookup.showReviews')}
          </Button>
          {view.catalog ? (
            <Button variant="ghost" onClick={() => onViewChange({ catalog: undefined, offset: 0 })}>
              {t('reviews.itemLookup.itemSOwnReviews')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
